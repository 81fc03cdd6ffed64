import { useState } from 'react';
import { MATCH_STATUS_LABELS } from '@crease/contract';
import type { CatalogEvent } from '@crease/contract';
import { Button, Heading, TextField } from '@crease/ui';
import styles from '../ops.module.css';
import { HealthPanel } from './health-panel';
import producer from './producer.module.css';
import type { ScreenProps } from './staff-screen';
import { EmptyState, ErrorState, LoadingState } from './states';
import { localAndUtc } from './time-zone';
import { useLoad } from './use-load';
import { useStaffAction } from './use-staff-action';

/**
 * Producer (and admin): the match day (issue 33 §2). Pick a live or upcoming match; see its
 * channel's ingest health live; go live, put up the slate and take it down, end the stream
 * (ending asks first, with the result line). Every button is safe to press twice: the API
 * answers a second press with the match as it is (decision 449).
 */
export function LiveScreen({ client, onUnauthorized }: ScreenProps) {
  const [matches, reload] = useLoad(async () => (await client.schedule()).matches, onUnauthorized);
  const [picked, setPicked] = useState<string>('');
  /** The API's answers to this screen's presses: the match as it is now. */
  const [answered, setAnswered] = useState<Record<string, CatalogEvent>>({});
  const [ending, setEnding] = useState(false);
  const [result, setResult] = useState('');
  const [slateHeld, setSlateHeld] = useState(false);
  const { busy, run, clear, slot } = useStaffAction(onUnauthorized, 'Nothing was changed.');
  const listed =
    matches.status === 'ready'
      ? (matches.data.find((m) => m.eventId === picked) ?? matches.data[0] ?? null)
      : null;
  const match = listed ? (answered[listed.eventId] ?? listed) : null;
  const setMatch = (event: CatalogEvent) =>
    setAnswered((now) => ({ ...now, [event.eventId]: event }));

  const goLive = (m: CatalogEvent) =>
    run(client.goLive(m.eventId), ({ event, changed }) => {
      setMatch(event);
      return changed ? `${event.title} is live.` : `${event.title} was already live.`;
    });
  const slate = (m: CatalogEvent, on: boolean) =>
    run(client.setSlate(m.channelId, on), (health) => {
      setSlateHeld(health.slateHeld);
      return on ? 'The slate is on air.' : 'The feed is back on air.';
    });
  const end = (m: CatalogEvent) =>
    run(client.endMatch(m.eventId, result), ({ event, changed }) => {
      setMatch(event);
      setEnding(false);
      return changed ? `${event.title} has ended.` : `${event.title} had already ended.`;
    });

  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Live</Heading>
        <p className={styles.muted}>Ingest health, go live, the slate and the end of a stream.</p>
      </div>
      {matches.status === 'loading' ? (
        <LoadingState label="Loading the matches…" />
      ) : matches.status === 'error' ? (
        <ErrorState
          title="The matches could not be loaded"
          code={matches.code}
          message={matches.message}
          onRetry={reload}
        />
      ) : matches.data.length === 0 || !match ? (
        <section className={styles.panel}>
          <EmptyState title="No live or upcoming match">Schedule one under Schedule.</EmptyState>
        </section>
      ) : (
        <>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Match</span>
            <select
              className={producer.select}
              value={match.eventId}
              onChange={(e) => {
                setPicked(e.target.value);
                setEnding(false);
                clear();
              }}
            >
              {matches.data.map((m) => (
                <option key={m.eventId} value={m.eventId}>
                  {m.title} · {MATCH_STATUS_LABELS[(answered[m.eventId] ?? m).status]}
                </option>
              ))}
            </select>
          </label>
          <section className={styles.panel} aria-label="On air">
            <div className={styles.panelHead}>
              <h2>{match.title}</h2>
              <p>
                <span className={producer.status}>{MATCH_STATUS_LABELS[match.status]}</span>{' '}
                {localAndUtc(match.startTime)} · channel <code>{match.channelId}</code>
              </p>
            </div>
            {slot}
            {ending ? (
              <form
                className={producer.confirm}
                aria-label="End the stream"
                onSubmit={(e) => {
                  e.preventDefault();
                  end(match);
                }}
              >
                <p>
                  <strong>End {match.title}?</strong> Viewers see the stream end and the match is
                  marked completed. This cannot be undone.
                </p>
                <TextField
                  label="Result"
                  value={result}
                  onChange={(e) => setResult(e.target.value)}
                  hint="As viewers will read it, for example: Owls won by 4 runs."
                  placeholder={match.result ?? ''}
                />
                <div className={styles.formActions}>
                  <Button type="submit" variant="danger" busy={busy}>
                    End the stream now
                  </Button>
                  <Button variant="ghost" disabled={busy} onClick={() => setEnding(false)}>
                    Keep streaming
                  </Button>
                </div>
              </form>
            ) : (
              <div className={producer.controls}>
                <Button
                  busy={busy}
                  disabled={match.status === 'live'}
                  onClick={() => goLive(match)}
                >
                  {match.status === 'live' ? 'Live now' : 'Go live'}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => slate(match, !slateHeld)}
                >
                  {slateHeld ? 'Take the slate down' : 'Put up the slate'}
                </Button>
                <Button
                  variant="danger"
                  disabled={busy || match.eventStatus === 'ended'}
                  onClick={() => setEnding(true)}
                >
                  End the stream…
                </Button>
              </div>
            )}
          </section>
          <HealthPanel
            key={match.channelId}
            client={client}
            channelId={match.channelId}
            onUnauthorized={onUnauthorized}
            onSlate={setSlateHeld}
          />
        </>
      )}
    </>
  );
}
