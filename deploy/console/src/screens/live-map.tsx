import { Heading } from '@crease/ui';
import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { AppStatus, ReleaseStatus } from '../api/release-types';
import { formatTime } from './format';
import { CanaryControl } from './canary-control';
import type { ActionHooks } from './use-action';
import styles from '../console.module.css';

const VERDICT_LABEL = {
  collecting: 'Collecting',
  healthy: 'Healthy',
  // Worse, but only anonymous reports say so: the guard does not act (decision 411).
  warning: 'Warning: check it',
  failing: 'Failing',
} as const;

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function RemoteCard({
  entry,
  client,
  status,
  hooks,
}: {
  entry: AppStatus;
  client: ReleaseConsoleClient;
  status: ReleaseStatus;
  hooks: ActionHooks;
}) {
  const { canary, lastAutomaticRollback: rolledBack } = entry;
  return (
    <li className={styles.card}>
      <article aria-labelledby={`live-${entry.app}`}>
        <div className={styles.cardHead}>
          <Heading level={3} id={`live-${entry.app}`} className={styles.cardTitle}>
            {entry.app}
          </Heading>
          {canary ? <span className={styles.badgeCanary}>Canary {canary.percent} %</span> : null}
        </div>
        <dl className={styles.facts}>
          <Fact term="Live version">
            <code>{entry.version}</code>
          </Fact>
          <Fact term="Contract">{entry.contract ?? '–'}</Fact>
          <Fact term="Last known good">
            {entry.lastKnownGood ? <code>{entry.lastKnownGood}</code> : 'none yet'}
          </Fact>
          <Fact term="Live since">
            <time dateTime={entry.since}>{formatTime(entry.since)}</time> by {entry.by}
          </Fact>
          <Fact term="Fallbacks">{entry.fallbacks}</Fact>
        </dl>
        {canary ? (
          <section className={styles.canary} aria-label={`Running canary of ${entry.app}`}>
            <dl className={styles.facts}>
              <Fact term="Canary version">
                <code>{canary.version}</code>
              </Fact>
              <Fact term="Share">{canary.percent} % of browsers</Fact>
              <Fact term="Since">
                <time dateTime={canary.since}>{formatTime(canary.since)}</time> by {canary.by}
              </Fact>
              <Fact term="Reason">{canary.reason ?? '–'}</Fact>
              {canary.health ? (
                <Fact term="Health">
                  <span className={styles[`verdict-${canary.health.verdict}`]}>
                    {VERDICT_LABEL[canary.health.verdict]}
                  </span>{' '}
                  {canary.health.summary}
                </Fact>
              ) : null}
            </dl>
            <CanaryControl
              client={client}
              status={status}
              app={entry.app}
              version={canary.version}
              {...hooks}
            />
          </section>
        ) : null}
        {rolledBack ? (
          <p className={styles.autoRollback}>
            <strong>Automatic rollback</strong> of <code>{rolledBack.version}</code> at{' '}
            <time dateTime={rolledBack.at}>{formatTime(rolledBack.at)}</time>: {rolledBack.reason}
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** What is live for each app: version, contract, last-known-good, since when and by whom. */
export function LiveMap({
  status,
  client,
  hooks,
}: {
  status: ReleaseStatus;
  client: ReleaseConsoleClient;
  hooks: ActionHooks;
}) {
  return (
    <section className={styles.panel} aria-labelledby="live-map-title">
      <div className={styles.panelHead}>
        <Heading level={2} id="live-map-title">
          Live map
        </Heading>
        <p className={styles.muted}>Registry revision {status.revision}</p>
      </div>
      {status.apps.length === 0 ? (
        <p className={styles.empty}>
          Nothing is live yet. Publish and promote a build (<code>npm run release -- publish</code>
          ), or start the site with <code>npm start</code>.
        </p>
      ) : (
        <ul className={styles.cards} aria-label="Live apps">
          {status.apps.map((entry) => (
            <RemoteCard
              key={entry.app}
              entry={entry}
              client={client}
              status={status}
              hooks={hooks}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
