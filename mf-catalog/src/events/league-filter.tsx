import type { League } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import type { Navigate } from '@crease/ui';
import { LeagueLogo } from './league-logo';
import { eventsHref } from './match-board';
import { useMessages } from '../messages';
import styles from './events-screen.module.css';

export interface LeagueFilterProps {
  leagues: readonly League[];
  selected: string | null;
  pathname: string;
  /** The current query: choosing a league keeps the other filters in it. */
  search: string;
  apiOrigin: string;
  navigate: Navigate;
}

/**
 * The league filter: links, because choosing a league changes the URL (`?league=…`) and a copied
 * link opens the same view. The chosen one is marked `aria-current`.
 */
export function LeagueFilter({
  leagues,
  selected,
  pathname,
  search,
  apiOrigin,
  navigate,
}: LeagueFilterProps) {
  const { t } = useMessages();
  return (
    <nav className={styles.filter} aria-label={t('filter.label')}>
      <ul className={styles.filterList}>
        <li>
          <ScreenLink
            to={eventsHref(pathname, null, search)}
            navigate={navigate}
            className={styles.filterLink}
            aria-current={selected === null ? 'page' : undefined}
          >
            {t('filter.all')}
          </ScreenLink>
        </li>
        {leagues.map((league) => (
          <li key={league.leagueId}>
            <ScreenLink
              to={eventsHref(pathname, league.leagueId, search)}
              navigate={navigate}
              className={styles.filterLink}
              aria-current={selected === league.leagueId ? 'page' : undefined}
            >
              <LeagueLogo
                league={league}
                apiOrigin={apiOrigin}
                size={24}
                decorative
                className={styles.filterLogo}
              />
              {league.caption}
            </ScreenLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
