import type { League } from '@crease/contract';
import { ScreenLink, VisuallyHidden } from '@crease/ui';
import type { Navigate } from '@crease/ui';
import { LeagueLogo } from './league-logo';
import { eventsHref } from './match-board';
import { useMessages } from '../messages';
import styles from './events-screen.module.css';

export interface LeagueDirectoryProps {
  leagues: readonly League[];
  pathname: string;
  apiOrigin: string;
  navigate: Navigate;
}

/** Every league with its logo, name and description, each a way into that league's matches. */
export function LeagueDirectory({ leagues, pathname, apiOrigin, navigate }: LeagueDirectoryProps) {
  const { t, rich } = useMessages();
  return (
    <section className={styles.section} aria-labelledby="leagues-title">
      <h2 id="leagues-title" className={styles.sectionTitle}>
        {t('leagues.title')}
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
                {t(`leagues.season.${league.status}`)} ·{' '}
                {t('leagues.matchCount', { count: league.events.length })}
              </p>
              <p className={styles.leagueDescription}>{league.description}</p>
              <ScreenLink
                to={eventsHref(pathname, league.leagueId)}
                navigate={navigate}
                className={styles.textLink}
              >
                {rich('leagues.seeMatches', {
                  league: league.caption,
                  hidden: (chunks) => <VisuallyHidden key="league">{chunks}</VisuallyHidden>,
                })}
              </ScreenLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
