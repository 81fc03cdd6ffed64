/**
 * The scorer's screen (issue 33 §3): pick a match (scheduled or live), then score it ball by ball
 * from the keyboard or the buttons. Scorer and admin only; the API checks every call again.
 */
import { useState } from 'react';
import { Button, Heading } from '@crease/ui';
import styles from '../ops.module.css';
import type { ScreenProps } from '../screens/staff-screen';
import { EmptyState, ErrorState, LoadingState } from '../screens/states';
import { useLoad } from '../screens/use-load';
import { MatchScoring } from './match-scoring';

export function ScoringScreen({ client, onUnauthorized }: ScreenProps) {
  const [eventId, setEventId] = useState<string | null>(null);
  const [matches, reload] = useLoad(() => client.scoringMatches(), onUnauthorized);
  if (eventId)
    return (
      <MatchScoring
        key={eventId}
        client={client}
        eventId={eventId}
        onUnauthorized={onUnauthorized}
        onBack={() => {
          setEventId(null);
          reload();
        }}
      />
    );
  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Scoring</Heading>
        <p className={styles.muted}>Pick the match you are scoring.</p>
        {/* The list is read when the screen opens: a match scheduled since appears on a refresh. */}
        <Button variant="secondary" onClick={reload} disabled={matches.status === 'loading'}>
          Refresh the list
        </Button>
      </div>
      <section className={styles.panel} aria-label="Matches">
        {matches.status === 'loading' ? (
          <LoadingState label="Loading matches…" />
        ) : matches.status === 'error' ? (
          <ErrorState
            title="The matches could not be loaded"
            code={matches.code}
            message={matches.message}
            onRetry={reload}
          />
        ) : matches.data.length === 0 ? (
          <EmptyState title="No match to score">
            Matches appear here once a producer schedules them.
          </EmptyState>
        ) : (
          <ul className={styles.wrap}>
            {matches.data.map((m) => (
              <li key={m.eventId} className={styles.rowActions}>
                <Button variant="secondary" onClick={() => setEventId(m.eventId)}>
                  Score {m.title}
                </Button>
                <span className={styles.muted}>
                  {m.status} · {m.scoreSummary || new Date(m.startTime).toUTCString()}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
