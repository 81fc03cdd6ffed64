import { countOf } from '@crease/contract';
import type { League } from '@crease/contract';
import { ScreenLink, VisuallyHidden } from '@crease/ui';
import type { Navigate } from '@crease/ui';
import { LeagueLogo } from './league-logo';
import { eventsHref } from './match-board';
import styles from './events-screen.module.css';

export interface LeagueDirectoryProps {
  leagues: readonly League[];
  pathname: string;
  apiOrigin: string;
  navigate: Navigate;
}

const SEASON: Record<League['status'], string> = {
  upcoming: 'Season starts soon',
  in_progress: 'Season in progress',
  completed: 'Season complete',
};

function matchCount(league: League): string {
  const count = league.events.length;
  return count === 0 ? 'No matches yet' : countOf(count, 'match', 'matches');
}

/** Every league with its logo, name and description, each a way into that league's matches. */
export function LeagueDirectory({ leagues, pathname, apiOrigin, navigate }: LeagueDirectoryProps) {
  return (
    <section className={styles.section} aria-labelledby="leagues-title">
      <h2 id="leagues-title" className={styles.sectionTitle}>
        Leagues
      </h2>
      <ul className={styles.leagueGrid}>
        {leagues.map((league) => (
          <li key={league.leagueId} className={styles.leagueCard}>
            <LeagueLogo
              league={league}
              apiOrigin={apiOrigin}
              size={64}
              className={styles.leagueCardLogo}
            />
            <div className={styles.leagueCardBody}>
              <h3 className={styles.leagueCardTitle}>{league.caption}</h3>
              <p className={styles.leagueMeta}>
                {SEASON[league.status]} · {matchCount(league)}
              </p>
              <p className={styles.leagueDescription}>{league.description}</p>
              <ScreenLink
                to={eventsHref(pathname, league.leagueId)}
                navigate={navigate}
                className={styles.textLink}
              >
                See matches<VisuallyHidden> in {league.caption}</VisuallyHidden>
              </ScreenLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
