import { useState } from 'react';
import type { ReactNode } from 'react';
import type { PassShelf, Platform } from '@crease/contract';
import { Button } from '@crease/ui';
import type { Navigate } from '@crease/ui';
import { EventCard } from './event-card';
import type { BoardEvent } from './match-board';
import { useMessages } from '../messages';
import styles from './events-screen.module.css';

export interface BoardSectionProps {
  id: string;
  title: string;
  /** Next to the title: the live section's "updates by itself" note. */
  aside?: ReactNode;
  events: readonly BoardEvent[];
  /** What the section says when it has no match. */
  empty: ReactNode;
  /** Show this many at first and the rest on request (a season has dozens of fixtures). */
  initialCount?: number;
  showLeague: boolean;
  apiOrigin: string;
  now: number;
  navigate: Navigate;
  /** Lets a live card read its timeline when the viewer is behind live (decision 226). */
  http?: Platform['http'];
  /** What goes under a card (follow, remind, calendar); the cell then holds both. */
  actions?: (item: BoardEvent) => ReactNode;
  /** The class of a cell that holds a card and its actions. */
  cellClassName?: string;
  /** The viewer's passes and their prices: each card's pass offer (issue 34 §3). */
  passes?: PassShelf | null;
}

/** One group of matches (live, upcoming or finished) under its own heading. */
export function BoardSection({
  id,
  title,
  aside,
  events,
  empty,
  initialCount = Infinity,
  showLeague,
  apiOrigin,
  now,
  navigate,
  http,
  actions,
  cellClassName,
  passes,
}: BoardSectionProps) {
  const { t } = useMessages();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? events : events.slice(0, initialCount);
  const hidden = events.length - shown.length;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
          {events.length > 0 ? <span className={styles.count}> {events.length}</span> : null}
        </h2>
        {aside}
      </div>
      {events.length === 0 ? (
        <p className={styles.sectionEmpty}>{empty}</p>
      ) : (
        <ul className={styles.grid}>
          {shown.map((item) => (
            <li key={item.event.eventId} className={actions ? cellClassName : undefined}>
              <EventCard
                event={item.event}
                league={item.league}
                showLeague={showLeague}
                apiOrigin={apiOrigin}
                now={now}
                navigate={navigate}
                http={http}
                passes={passes}
              />
              {actions?.(item)}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 || expanded ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? t('section.showFewer') : t('section.showMore', { count: hidden })}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
