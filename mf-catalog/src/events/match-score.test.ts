import { catalogEvent, CHENNAI, MUMBAI } from '../testing/catalog-fixtures';
import { inningsScore, liveSituation, targetText, teamScore, yetToBat } from './match-score';

const now = Date.parse('2026-11-23T12:00:00.000Z');

describe('scores as a scorecard writes them', () => {
  it('writes wickets, all out and declarations', () => {
    const innings = { team: 'MUM', runs: 187, wickets: 4, overs: '20', declared: false };
    expect(inningsScore(innings)).toBe('187/4');
    expect(inningsScore({ ...innings, wickets: 10 })).toBe('187');
    expect(inningsScore({ ...innings, wickets: 7, declared: true })).toBe('187/7d');
  });

  it('joins a Test side’s two innings and gives the latest overs', () => {
    const event = catalogEvent('test', 'tests', [MUMBAI, CHENNAI], now, {
      status: 'live',
      playState: 'in_play',
      innings: [
        { team: 'MUM', runs: 245, wickets: 10, overs: '80.2', declared: false },
        { team: 'CHE', runs: 301, wickets: 10, overs: '95', declared: false },
        { team: 'MUM', runs: 130, wickets: 3, overs: '42.3', declared: false },
      ],
    });
    expect(teamScore(event, MUMBAI)).toEqual({ score: '245 & 130/3', overs: '42.3 ov' });
    expect(teamScore(event, CHENNAI)).toEqual({ score: '301', overs: '95 ov' });
  });
});

describe('what is happening in a live match', () => {
  const live = (state: Parameters<typeof catalogEvent>[4]) =>
    catalogEvent('m', 'l', [MUMBAI, CHENNAI], now, { status: 'live', ...state });

  it('names the batting side and the play state', () => {
    const innings = [{ team: 'CHE', runs: 12, wickets: 0, overs: '2', declared: false }];
    expect(liveSituation(live({ playState: 'rain_delay', innings }))).toEqual({
      playState: 'Rain delay',
      detail: 'Chennai Cyclones batting',
    });
  });

  it('gives the toss before the first ball and nothing extra at an innings break', () => {
    expect(
      liveSituation(live({ playState: 'in_play', toss: { winner: 'CHE', decision: 'bowl' } })),
    ).toEqual({ playState: 'In play', detail: 'Chennai Cyclones won the toss and chose to bowl' });
    const innings = [{ team: 'MUM', runs: 187, wickets: 4, overs: '20', declared: false }];
    expect(liveSituation(live({ playState: 'innings_break', innings }))).toEqual({
      playState: 'Innings break',
      detail: null,
    });
  });

  it('gives the target in a limited-overs chase only', () => {
    const innings = [
      { team: 'MUM', runs: 187, wickets: 4, overs: '20', declared: false },
      { team: 'CHE', runs: 20, wickets: 1, overs: '3', declared: false },
    ];
    expect(targetText(live({ innings }))).toBe('Target 188');
    expect(targetText({ ...live({ innings }), format: 'test' })).toBeNull();
    expect(targetText(live({ innings: innings.slice(0, 1) }))).toBeNull();
  });

  it('in the innings break gives the target, and the side still to bat says so', () => {
    const innings = [{ team: 'MUM', runs: 187, wickets: 4, overs: '20', declared: false }];
    const inBreak = live({ playState: 'innings_break', innings });
    expect(targetText(inBreak)).toBe('Target 188');
    expect(yetToBat(inBreak, CHENNAI)).toBe(true);
    expect(yetToBat(inBreak, MUMBAI)).toBe(false);
    expect(yetToBat(live({ playState: 'in_play', innings: [] }), CHENNAI)).toBe(false);
  });
});
