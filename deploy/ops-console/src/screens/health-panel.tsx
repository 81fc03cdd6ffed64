import { useEffect, useState } from 'react';
import type { ChannelHealth, OnAir } from '@crease/contract';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import { HEALTH_METRICS, HealthChart } from './health-chart';
import producer from './producer.module.css';
import { EmptyState, ErrorState, LoadingState } from './states';

/** How often the console asks for the channel's health: the ingest reports every 2 s. */
const POLL_MS = 2000;

const ON_AIR: Record<OnAir, string> = {
  primary: 'Primary input',
  backup: 'Backup input',
  slate: 'The slate',
  none: 'Nothing yet',
};

type State =
  | { status: 'loading' }
  | { status: 'error'; code: string; message: string }
  | { status: 'ready'; health: ChannelHealth };

/**
 * A channel's ingest health, live (decision 448): asked every 2 s, each figure charted over the
 * last minutes. Empty: no encoder connected (the stream key and settings are under Channels).
 */
export function HealthPanel({
  client,
  channelId,
  onUnauthorized,
  onSlate,
}: {
  client: StaffClient;
  channelId: string;
  onUnauthorized: (message: string) => void;
  onSlate: (held: boolean) => void;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      client.channelHealth(channelId).then(
        (health) => {
          if (!live) return;
          setState({ status: 'ready', health });
          onSlate(health.slateHeld);
          timer = setTimeout(ask, POLL_MS);
        },
        (caught: unknown) => {
          if (!live) return;
          if (isUnauthorized(caught)) return onUnauthorized((caught as Error).message);
          setState(
            isStaffApiError(caught)
              ? { status: 'error', code: caught.code, message: caught.message }
              : {
                  status: 'error',
                  code: 'CONSOLE_ERROR',
                  message: 'The health could not be read.',
                },
          );
        },
      );
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // onSlate and onUnauthorized are the parent's setters: stable in effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, channelId, round]);

  return (
    <section className={styles.panel} aria-label="Ingest health">
      <div className={styles.panelHead}>
        <h2>Ingest health</h2>
        {state.status === 'ready' ? (
          <p>
            On air: <span className={producer.onAir}>{ON_AIR[state.health.onAir]}</span>
            {state.health.connected ? ' · encoder connected' : ' · no encoder connected'}
          </p>
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <LoadingState label={`Reading the health of ${channelId}…`} />
      ) : state.status === 'error' ? (
        <ErrorState
          title="The ingest health could not be read"
          code={state.code}
          message={state.message}
          onRetry={() => {
            setState({ status: 'loading' });
            setRound((n) => n + 1);
          }}
        />
      ) : state.health.samples.length === 0 ? (
        <EmptyState title="No encoder connected">
          Nothing has reached {channelId} yet. Make a stream key under Channels and start the
          encoder: the figures appear here within seconds.
        </EmptyState>
      ) : (
        <div className={producer.charts}>
          {HEALTH_METRICS.map((metric) => (
            <HealthChart key={metric.title} samples={state.health.samples} metric={metric} />
          ))}
        </div>
      )}
    </section>
  );
}
