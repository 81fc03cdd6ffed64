import { useMemo, useRef } from 'react';
import type { League, ScreenProps } from '@crease/contract';
import { ScreenLink, VisuallyHidden } from '@crease/ui';
import { useFollowingBoard } from '../follows/following-board';
import { BoardSection } from './board-section';
import { LoadFailed, LoadingBoard } from './feed-states';
import { LeagueDirectory } from './league-directory';
import { LeagueFilter } from './league-filter';
import { LeagueLogo } from './league-logo';
import { eventsHref, leagueFromSearch, matchBoard } from './match-board';
import type { MatchBoard } from './match-board';
import { startTimeText } from './match-time';
import { useCatalogFeed } from './use-catalog-feed';
import { useNow } from './use-now';
import { useMessages } from '../messages';
import type { CatalogWords } from '../messages';
import { SeasonPassOffer, usePassShelf } from './pass-offer';
import styles from './events-screen.module.css';

/** Countdowns count minutes; a 15 s tick keeps them within a quarter of a minute. */
const COUNTDOWN_TICK_MS = 15_000;

/** Upcoming and results show two rows of three on a wide screen, the rest behind "Show more". */
const SECTION_PREVIEW = 6;

function summary(board: MatchBoard, league: League | null, words: CatalogWords): string {
  const counts = {
    total: board.live.length + board.upcoming.length + board.finished.length,
    live: board.live.length,
    upcoming: board.upcoming.length,
    finished: board.finished.length,
  };
  return league
    ? words.t('events.summaryLeague', { ...counts, league: league.caption })
    : words.t('events.summaryAll', counts);
}

/**
 * /events: live matches first, then upcoming, then results, for every league or the one in
 * `?league=`. The catalog stays fresh while the page is open (useCatalogFeed); the filter is
 * applied here, so changing it is instant and needs no request.
 */
export function EventsScreen({
  platform,
  location,
  navigate,
  pollMs,
}: ScreenProps & { /** Tests poll faster than the product does. */ pollMs?: number }) {
  const words = useMessages();
  const { t, rich } = words;
  const { feed, retry } = useCatalogFeed(platform.http, pollMs);
  const heading = useRef<HTMLHeadingElement>(null);
  const apiOrigin = platform.config.apiOrigin;
  const selectedId = leagueFromSearch(location.search);
  const leagues = feed.kind === 'ready' ? feed.leagues : null;
  const league = leagues?.find((candidate) => candidate.leagueId === selectedId) ?? null;
  const unknownLeague = leagues !== null && selectedId !== null && league === null;
  const following = useFollowingBoard(platform.http, location, navigate, apiOrigin);
  const passes = usePassShelf(platform.http);
  const fullBoard = useMemo(
    () => (leagues && !unknownLeague ? matchBoard(leagues, selectedId) : null),
    [leagues, selectedId, unknownLeague],
  );
  // Filtered by the URL's following/date/team, followed matches first (issue 23 §1).
  const board = fullBoard ? following.arrange(fullBoard) : null;
  // One clock for every countdown, running only while something is coming up.
  const now = useNow(COUNTDOWN_TICK_MS, (board?.upcoming.length ?? 0) > 0);
  const go = (to: string) => navigate(to);

  const onRetry = () => {
    // The Retry button goes away with the error; keep the keyboard on the page, not the body.
    heading.current?.focus();
    retry();
  };

  // Postponed matches have no start to wait for; the next one is the next scheduled match.
  const nextUp = board?.upcoming.find(({ event }) => event.status === 'scheduled');
  const noMatches =
    fullBoard !== null &&
    fullBoard.live.length + fullBoard.upcoming.length + fullBoard.finished.length === 0;
  const filteredEmpty = board ? following.filteredEmpty(board) : null;

  return (
    <div className={styles.screen}>
      <header className={styles.hero}>
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>
            <span className={styles.liveDot} aria-hidden="true" /> {t('events.eyebrow')}
          </p>
          <div className={styles.heroTitleRow}>
            {league ? (
              <LeagueLogo
                league={league}
                apiOrigin={apiOrigin}
                size={72}
                className={styles.heroLogo}
              />
            ) : null}
            <h1 ref={heading} tabIndex={-1} className={styles.title}>
              {league ? league.caption : t('events.title')}
            </h1>
          </div>
          <p className={league ? styles.lead : `${styles.lead} ${styles.leadGeneric}`}>
            {league ? league.description : t('events.lead')}
          </p>
          {league ? following.leagueFollow(league) : null}
          {league ? <SeasonPassOffer league={league} shelf={passes} navigate={go} /> : null}
          {leagues && leagues.length > 0 ? (
            <LeagueFilter
              leagues={leagues}
              selected={selectedId}
              pathname={location.pathname}
              search={location.search}
              apiOrigin={apiOrigin}
              navigate={go}
            />
          ) : null}
          {following.controls}
        </div>
      </header>

      <div className={styles.body}>
        {feed.kind === 'loading' ? <LoadingBoard /> : null}
        {feed.kind === 'failed' ? <LoadFailed error={feed.error} onRetry={onRetry} /> : null}

        {feed.kind === 'ready' && feed.refreshFailed ? (
          <p className={styles.refreshNotice} role="status">
            {t('events.refreshFailed')}
          </p>
        ) : null}

        {unknownLeague ? (
          <section className={styles.panel} aria-labelledby="unknown-league-title">
            <h2 id="unknown-league-title" className={styles.panelTitle}>
              {t('events.unknownLeagueTitle')}
            </h2>
            <p className={styles.panelText}>
              {t('events.unknownLeagueText', { league: selectedId ?? '' })}
            </p>
            <ScreenLink
              to={eventsHref(location.pathname, null)}
              navigate={go}
              className={styles.textLink}
            >
              {t('events.seeAllLeagues')}
            </ScreenLink>
          </section>
        ) : null}

        {board ? (
          <>
            {/* Read out when the filter changes, so a screen-reader user hears what they chose. */}
            <div role="status">
              <VisuallyHidden>{summary(board, league, words)}</VisuallyHidden>
            </div>
            {noMatches ? (
              <section className={styles.panel} aria-labelledby="no-matches-title">
                <h2 id="no-matches-title" className={styles.panelTitle}>
                  {league
                    ? t('events.noMatchesLeague', { league: league.caption })
                    : t('events.noMatchesAll')}
                </h2>
                <p className={styles.panelText}>{t('events.noMatchesText')}</p>
                {league ? (
                  <ScreenLink
                    to={eventsHref(location.pathname, null)}
                    navigate={go}
                    className={styles.textLink}
                  >
                    {t('events.seeAllMatches')}
                  </ScreenLink>
                ) : null}
              </section>
            ) : (
              <>
                {filteredEmpty}
                <BoardSection
                  {...following.sectionProps}
                  passes={passes}
                  id="live-title"
                  title={t('section.live')}
                  aside={
                    board.live.length > 0 ? (
                      <p className={styles.autoUpdate}>{t('section.autoUpdate')}</p>
                    ) : null
                  }
                  events={board.live}
                  http={platform.http}
                  empty={
                    nextUp
                      ? rich('section.liveEmptyNext', {
                          strong: (chunks) => <strong key="next">{chunks}</strong>,
                          title: nextUp.event.title,
                          start: startTimeText(nextUp.event.startTime, now, undefined, words).full,
                        })
                      : t('section.liveEmpty')
                  }
                  showLeague={league === null}
                  apiOrigin={apiOrigin}
                  now={now}
                  navigate={go}
                />
                <BoardSection
                  {...following.sectionProps}
                  passes={passes}
                  // A new league filter starts collapsed again.
                  key={`upcoming-${selectedId}`}
                  id="upcoming-title"
                  title={t('section.upcoming')}
                  events={board.upcoming}
                  empty={t('section.upcomingEmpty')}
                  initialCount={SECTION_PREVIEW}
                  showLeague={league === null}
                  apiOrigin={apiOrigin}
                  now={now}
                  navigate={go}
                />
                <BoardSection
                  {...following.sectionProps}
                  passes={passes}
                  key={`finished-${selectedId}`}
                  id="finished-title"
                  title={t('section.finished')}
                  events={board.finished}
                  empty={t('section.finishedEmpty')}
                  initialCount={SECTION_PREVIEW}
                  showLeague={league === null}
                  apiOrigin={apiOrigin}
                  now={now}
                  navigate={go}
                />
              </>
            )}
            {league === null && leagues && leagues.length > 0 ? (
              <LeagueDirectory
                leagues={leagues}
                pathname={location.pathname}
                apiOrigin={apiOrigin}
                navigate={go}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
