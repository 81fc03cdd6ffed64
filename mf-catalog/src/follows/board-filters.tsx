import { useId, useState } from 'react';
import { ToggleButton } from '@crease/ui/forms';
import type { BoardFilters } from './board-view';
import { useMessages } from '../messages';
import styles from './follows.module.css';

export interface BoardFiltersProps {
  filters: BoardFilters;
  /** False until the viewer's follows are known: "Following" then has nothing to go on. */
  canFilterFollowing: boolean;
  onChange(change: Partial<BoardFilters>): void;
}

/**
 * "Following", a day and a team search for /events. The parent keeps each in the URL; the
 * search box keeps its own text while typing so the URL change never moves the caret.
 */
export function BoardFiltersBar({ filters, canFilterFollowing, onChange }: BoardFiltersProps) {
  const { t } = useMessages();
  const dateId = useId();
  const teamId = useId();
  const [team, setTeam] = useState(filters.team);
  // The URL changed under the box (back, a link, "Clear filters"): show what it says now.
  const [urlTeam, setUrlTeam] = useState(filters.team);
  if (urlTeam !== filters.team) {
    setUrlTeam(filters.team);
    setTeam(filters.team);
  }

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={t('follows.search')}
      onSubmit={(event) => event.preventDefault()}
    >
      {canFilterFollowing ? (
        <ToggleButton
          pressed={filters.following}
          onClick={() => onChange({ following: !filters.following })}
        >
          {t('follows.following')}
        </ToggleButton>
      ) : null}
      <span className={styles.field}>
        <label htmlFor={dateId}>{t('follows.date')}</label>
        <input
          id={dateId}
          type="date"
          value={filters.date ?? ''}
          onChange={(event) => onChange({ date: event.target.value || null })}
        />
      </span>
      <span className={styles.field}>
        <label htmlFor={teamId}>{t('follows.team')}</label>
        <input
          id={teamId}
          type="search"
          value={team}
          placeholder={t('follows.teamPlaceholder')}
          onChange={(event) => {
            setTeam(event.target.value);
            onChange({ team: event.target.value });
          }}
        />
      </span>
    </form>
  );
}
