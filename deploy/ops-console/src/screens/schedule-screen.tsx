import { useState } from 'react';
import { MATCH_STATUS_LABELS } from '@crease/contract';
import type { CatalogEvent, EventCreate, MatchStatus, ProducerSchedule } from '@crease/contract';
import { Button, Heading } from '@crease/ui';
import styles from '../ops.module.css';
import { LeagueForm } from './league-form';
import { MatchForm } from './match-form';
import producer from './producer.module.css';
import type { ScreenProps } from './staff-screen';
import { EmptyState, ErrorState, LoadingState } from './states';
import { localAndUtc, producerZone } from './time-zone';
import { useLoad } from './use-load';
import { useStaffAction } from './use-staff-action';

type Mode =
  | { kind: 'list' }
  | { kind: 'new-league' }
  | { kind: 'new-match' }
  | { kind: 'edit'; match: CatalogEvent };

/** The state moves the schedule offers (the catalog refuses any other: docs/catalog.md). */
const MOVES: Partial<Record<MatchStatus, { to: MatchStatus; label: string }[]>> = {
  scheduled: [
    { to: 'postponed', label: 'Postpone' },
    { to: 'cancelled', label: 'Cancel match' },
  ],
  postponed: [
    { to: 'scheduled', label: 'Back on the schedule' },
    { to: 'cancelled', label: 'Cancel match' },
  ],
};

/**
 * Producer (and admin): leagues and matches (issue 33 §2). Create and edit a match with its
 * teams, venue, format and times (the producer's zone with UTC beside it, decision 451);
 * postpone, put back and cancel it (cancelling asks first). Each write is the catalog's
 * operator call with the staff session (decision 447): audited as the person.
 */
export function ScheduleScreen({ client, onUnauthorized }: ScreenProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [schedule, reload] = useLoad<ProducerSchedule>(() => client.schedule(), onUnauthorized);
  const action = useStaffAction(onUnauthorized, 'The change was not made.');
  const { busy } = action;
  /** A write; once the API has it, back to the list, read again, with what changed said. */
  const run = <T,>(work: Promise<T>, said: (result: T) => string) =>
    action.run(work, (result) => {
      setMode({ kind: 'list' });
      setCancelling(null);
      reload();
      return said(result);
    });
  const save = (body: EventCreate) => {
    if (mode.kind === 'edit') {
      const { eventId, ...changes } = body;
      run(client.editMatch(eventId, changes), (m) => `${m.title} saved.`);
    } else run(client.createMatch(body), (m) => `${m.title} is on the schedule.`);
  };
  const move = (match: CatalogEvent, to: MatchStatus) =>
    run(
      client.matchState(match.eventId, { status: to }),
      (m) => `${m.title}: ${MATCH_STATUS_LABELS[m.status].toLowerCase()}.`,
    );

  const leagues = schedule.status === 'ready' ? schedule.data.leagues : [];
  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Schedule</Heading>
        <p className={styles.muted}>
          Leagues and matches. Times are yours ({producerZone()}) with UTC beside them.
        </p>
      </div>
      <div className={producer.controls}>
        <Button onClick={() => setMode({ kind: 'new-match' })} disabled={leagues.length === 0}>
          New match
        </Button>
        <Button variant="secondary" onClick={() => setMode({ kind: 'new-league' })}>
          New league
        </Button>
      </div>
      {action.slot}
      {mode.kind === 'new-league' ? (
        <section className={styles.panel} aria-label="New league">
          <h2>New league</h2>
          <LeagueForm
            client={client}
            busy={busy}
            onCancel={() => setMode({ kind: 'list' })}
            onSubmit={(body) => run(client.createLeague(body), (l) => `${l.caption} created.`)}
          />
        </section>
      ) : mode.kind === 'new-match' || mode.kind === 'edit' ? (
        <section
          className={styles.panel}
          aria-label={mode.kind === 'edit' ? 'Edit match' : 'New match'}
        >
          <h2>{mode.kind === 'edit' ? `Edit ${mode.match.title}` : 'New match'}</h2>
          <MatchForm
            leagues={leagues}
            match={mode.kind === 'edit' ? mode.match : undefined}
            busy={busy}
            onCancel={() => setMode({ kind: 'list' })}
            onSubmit={save}
          />
        </section>
      ) : null}
      <section className={styles.panel} aria-label="Matches">
        {schedule.status === 'loading' ? (
          <LoadingState label="Loading the schedule…" />
        ) : schedule.status === 'error' ? (
          <ErrorState
            title="The schedule could not be loaded"
            code={schedule.code}
            message={schedule.message}
            onRetry={reload}
          />
        ) : schedule.data.matches.length === 0 ? (
          <EmptyState title="Nothing scheduled">
            {leagues.length === 0
              ? 'Create a league first, then schedule its matches.'
              : 'No live or upcoming match. Schedule one with New match.'}
          </EmptyState>
        ) : (
          <div
            className={styles.tableScroll}
            tabIndex={0}
            role="region"
            aria-label="Live and upcoming matches"
          >
            <table className={styles.table}>
              <caption className={styles.caption}>Live and upcoming matches</caption>
              <thead>
                <tr>
                  <th scope="col">Match</th>
                  <th scope="col">Starts</th>
                  <th scope="col">Status</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {schedule.data.matches.map((match) => (
                  <tr key={match.eventId}>
                    <td className={styles.wrap}>
                      <strong>{match.title}</strong>
                      <br />
                      <span className={styles.muted}>
                        {match.teams[0].shortName} v {match.teams[1].shortName} · {match.venue.name}
                        , {match.venue.city}
                      </span>
                    </td>
                    <td className={styles.wrap}>{localAndUtc(match.startTime)}</td>
                    <td>
                      <span className={producer.status}>{MATCH_STATUS_LABELS[match.status]}</span>
                    </td>
                    <td>
                      <code>{match.channelId}</code>
                    </td>
                    <td>
                      {cancelling === match.eventId ? (
                        <div className={styles.rowActions}>
                          <Button
                            variant="danger"
                            busy={busy}
                            onClick={() => move(match, 'cancelled')}
                          >
                            Cancel {match.teams[0].shortName} v {match.teams[1].shortName} for good
                          </Button>
                          <Button
                            variant="ghost"
                            disabled={busy}
                            onClick={() => setCancelling(null)}
                          >
                            Keep it
                          </Button>
                        </div>
                      ) : (
                        <div className={styles.rowActions}>
                          <button
                            type="button"
                            className={styles.smallButton}
                            onClick={() => setMode({ kind: 'edit', match })}
                          >
                            Edit
                          </button>
                          {(MOVES[match.status] ?? []).map(({ to, label }) => (
                            <button
                              key={to}
                              type="button"
                              className={styles.smallButton}
                              disabled={busy}
                              onClick={() =>
                                to === 'cancelled' ? setCancelling(match.eventId) : move(match, to)
                              }
                            >
                              {label}
                            </button>
                          ))}
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
