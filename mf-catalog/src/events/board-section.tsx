import type { ReactNode } from 'react';
import type { Navigate } from '@crease/ui';
import { EventCard } from './event-card';
import type { BoardEvent } from './match-board';
import styles from './events-screen.module.css';

export interface BoardSectionProps {
  id: string;
  title: string;
  /** Next to the title: the live section's "updates by itself" note. */
  aside?: ReactNode;
  events: readonly BoardEvent[];
  /** What the section says when it has no match. */
  empty: ReactNode;
  showLeague: boolean;
  apiOrigin: string;
  now: number;
  navigate: Navigate;
}

/** One group of matches (live, upcoming or finished) under its own heading. */
export function BoardSection({
  id,
  title,
  aside,
  events,
  empty,
  showLeague,
  apiOrigin,
  now,
  navigate,
}: BoardSectionProps) {
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
          {events.map(({ event, league }) => (
            <li key={event.eventId}>
              <EventCard
                event={event}
                league={league}
                showLeague={showLeague}
                apiOrigin={apiOrigin}
                now={now}
                navigate={navigate}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
