import { Heading } from '@crease/ui';
import type { PublishedArtifact, ReleaseStatus } from '../api/release-types';
import { formatTime } from './format';
import styles from '../console.module.css';

/** The published versions of each app, newest first, with what each one is now. */
export function ArtifactsPanel({
  artifacts,
  status,
}: {
  artifacts: Record<string, PublishedArtifact[]>;
  status: ReleaseStatus;
}) {
  const apps = Object.keys(artifacts).filter((app) => (artifacts[app]?.length ?? 0) > 0);
  return (
    <section className={styles.panel} aria-labelledby="artifacts-title">
      <div className={styles.panelHead}>
        <Heading level={2} id="artifacts-title">
          Published versions
        </Heading>
      </div>
      {apps.length === 0 ? (
        <p className={styles.empty}>No version is published yet.</p>
      ) : (
        <div className={styles.artifactGroups}>
          {apps.map((app) => {
            const live = status.apps.find((entry) => entry.app === app);
            return (
              <section
                key={app}
                aria-labelledby={`artifacts-${app}`}
                className={styles.artifactGroup}
              >
                <Heading level={3} id={`artifacts-${app}`} className={styles.cardTitle}>
                  {app}
                </Heading>
                <ul className={styles.artifactList}>
                  {(artifacts[app] ?? []).map((artifact) => (
                    <li key={artifact.version}>
                      <code>{artifact.version}</code>
                      {artifact.version === live?.version ? (
                        <span className={styles.tag}>live</span>
                      ) : null}
                      {artifact.version === live?.canary?.version ? (
                        <span className={styles.tag}>canary</span>
                      ) : null}
                      {artifact.version === live?.lastKnownGood ? (
                        <span className={styles.tag}>last known good</span>
                      ) : null}
                      <span className={styles.muted}>
                        {' '}
                        contract {artifact.contract ?? '?'} · published{' '}
                        <time dateTime={artifact.publishedAt}>
                          {formatTime(artifact.publishedAt)}
                        </time>{' '}
                        by {artifact.publishedBy}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
