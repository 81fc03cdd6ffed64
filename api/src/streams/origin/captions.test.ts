/** @jest-environment node */
/**
 * Captions timed to the picture (decision 217): a timeline change at wall time T shows at the
 * program-date-time T of the video, in every segment it spans, with the commentary or, without
 * one, the score in words.
 */
import type { MatchState } from '@crease/contract';
import { captionText, captionsSegment } from './captions';
import { SEGMENT_MS, STREAM_EPOCH_MS } from './dvr-window';

const at = (sequence: number, plusMs = 0) => STREAM_EPOCH_MS + sequence * SEGMENT_MS + plusMs;
const state = (over: Partial<MatchState>): MatchState => ({
  status: 'live',
  playState: 'in_play',
  toss: null,
  innings: [],
  scoreSummary: 'NOW 45/1 (6.2)',
  result: null,
  eventStatus: 'live',
  ...over,
});

describe('captions', () => {
  it('says the commentary, else the score and the state of play', () => {
    expect(captionText(state({}), 'Khan to Rahul, FOUR through cover')).toBe(
      'Khan to Rahul, FOUR through cover',
    );
    expect(captionText(state({}), null)).toBe('NOW 45/1 (6.2) · In play');
    expect(captionText(state({ playState: 'innings_break' }), '  ')).toBe(
      'NOW 45/1 (6.2) · Innings break',
    );
    expect(
      captionText(
        state({ status: 'completed', playState: null, result: 'NOW won by 5 runs' }),
        undefined,
      ),
    ).toBe('NOW 45/1 (6.2) · NOW won by 5 runs');
  });

  it('times each cue to the segment through X-TIMESTAMP-MAP, until the next change or 5 s', () => {
    const sequence = 123_456_789;
    const vtt = captionsSegment(sequence, [
      { at: at(sequence, -3000), text: 'Started before' },
      { at: at(sequence, 500), text: 'FOUR --> through\ncover' },
      { at: at(sequence, 1500), text: 'Dot ball' },
      { at: at(sequence, 9000), text: 'Later' },
    ]);
    expect(vtt).toBe(
      [
        'WEBVTT',
        `X-TIMESTAMP-MAP=MPEGTS:${sequence * SEGMENT_MS * 90},LOCAL:00:00:10.000`,
        '',
        `c${at(sequence, -3000)}`,
        '00:00:07.000 --> 00:00:10.500',
        'Started before',
        '',
        `c${at(sequence, 500)}`,
        '00:00:10.500 --> 00:00:11.500',
        'FOUR → through cover',
        '',
        `c${at(sequence, 1500)}`,
        '00:00:11.500 --> 00:00:16.500',
        'Dot ball',
        '',
        '',
      ].join('\n'),
    );
    // A cue that ended before the segment, or starts after it, is not in it.
    expect(captionsSegment(sequence, [{ at: at(sequence, -6000), text: 'Old' }])).not.toContain(
      'Old',
    );
  });
});
