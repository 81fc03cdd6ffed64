import { useCallback } from 'react';
import type { ReactNode } from 'react';
import type { League, Platform, ScreenLocation, ScreenProps } from '@crease/contract';
import { Button } from '@crease/ui';
import { ToggleButton } from '@crease/ui/forms';
import type { BoardEvent, MatchBoard } from '../events/match-board';
import { BoardFiltersBar } from './board-filters';
import { anyFilter, arrangeBoard, filtersFromSearch, searchWith } from './board-view';
import type { BoardFilters } from './board-view';
import { FiltersDisclosure } from './filters-disclosure';
import { FollowSettings } from './follow-settings';
import { MatchActions } from './match-actions';
import { useFollows } from './use-follows';
import { useMessages } from '../messages';
import type { CatalogWords } from '../messages';
import styles from './follows.module.css';

/** A follow's failure in the viewer's language: the API's words in English, else the catalogue's. */
const problemText = (message: string, words: CatalogWords) =>
  words.language === 'en' ? message : words.t('follows.problem');

export interface FollowingBoard {
  /** The board as the viewer asked for it: filtered, followed matches first. */
  arrange(board: MatchBoard): MatchBoard;
  /** The filters, the opt-in and any problem, for the top of the screen. */
  controls: ReactNode;
  /** For each BoardSection: the actions under every card. */
  sectionProps: { actions?: (item: BoardEvent) => ReactNode; cellClassName: string };
  /** "Follow <league>" for the chosen league's heading. */
  leagueFollow(league: League): ReactNode;
  /** When filters hide every match: what to say instead of three empty sections. */
  filteredEmpty(board: MatchBoard): ReactNode;
}

/**
 * Everything issue 23 §1 adds to /events, in one place so the screen changes little: the
 * viewer's follows (read once, replaced by each write's answer), the filters kept in the URL
 * (`following`, `date`, `team`; changed with `replace`, so typing is not history), and the
 * actions under each match.
 */
export function useFollowingBoard(
  http: Platform['http'],
  location: ScreenLocation,
  navigate: ScreenProps['navigate'],
  apiOrigin: string,
): FollowingBoard {
  const words = useMessages();
  const { t } = words;
  const { state, problem, actions } = useFollows(http);
  const follows = state.kind === 'ready' ? state.follows : null;
  const filters = filtersFromSearch(location.search);
  const change = useCallback(
    (next: Partial<BoardFilters>) =>
      navigate(`${location.pathname}${searchWith(location.search, next)}`, { replace: true }),
    [navigate, location.pathname, location.search],
  );

  const controls = (
    <>
      <FiltersDisclosure active={anyFilter(filters)}>
        <BoardFiltersBar
          filters={filters}
          canFilterFollowing={follows !== null}
          onChange={change}
        />
        {follows ? <FollowSettings follows={follows} actions={actions} /> : null}
      </FiltersDisclosure>
      {state.kind === 'failed' ? (
        <p className={styles.problem}>{problemText(state.message, words)}</p>
      ) : null}
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problemText(problem, words)}
        </p>
      ) : null}
    </>
  );

  return {
    arrange: (board) => arrangeBoard(board, filters, follows),
    controls,
    sectionProps: {
      cellClassName: styles.cell ?? '',
      ...(follows
        ? {
            actions: (item: BoardEvent) => (
              <MatchActions item={item} follows={follows} actions={actions} apiOrigin={apiOrigin} />
            ),
          }
        : {}),
    },
    leagueFollow: (league) => {
      if (!follows) return null;
      const followed = follows.leagues.includes(league.leagueId);
      return (
        <ToggleButton
          pressed={followed}
          onClick={() => actions.follow('league', league.leagueId, !followed)}
        >
          <span aria-hidden="true">{followed ? '★' : '☆'}</span>{' '}
          {t('follows.followLeague', { league: league.caption })}
        </ToggleButton>
      );
    },
    filteredEmpty: (board) => {
      const total = board.live.length + board.upcoming.length + board.finished.length;
      if (total > 0 || !anyFilter(filters)) return null;
      return (
        <section className={styles.setting} aria-label={t('follows.noneFound')}>
          <p>{t('follows.noneFit')}</p>
          <Button
            variant="secondary"
            onClick={() => change({ following: false, date: null, team: '' })}
          >
            {t('follows.clear')}
          </Button>
        </section>
      );
    },
  };
}
