import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Heading, Spinner } from '@crease/ui';
import { isConsoleApiError, isUnauthorized } from '../api/release-console-client';
import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { PublishedArtifact, ReleaseHealth, ReleaseStatus } from '../api/release-types';
import { ArtifactsPanel } from './artifacts-panel';
import { CanaryPanel } from './canary-panel';
import { HealthPanel } from './health-panel';
import { HistoryPanel } from './history-panel';
import { LiveMap } from './live-map';
import { CanaryForm, PromoteForm, RollbackForm } from './release-forms';
import { ClearVetoForm } from './clear-veto-form';
import { ErrorText } from './sign-in';
import type { ActionHooks } from './use-action';
import styles from '../console.module.css';

interface Loaded {
  status: ReleaseStatus;
  artifacts: Record<string, PublishedArtifact[]>;
  health: ReleaseHealth;
}

type View =
  | { state: 'loading' }
  | { state: 'failed'; code: string; message: string }
  | { state: 'ready'; data: Loaded };

/** Status, published versions and health together: one revision for every form. */
function readRegistryWith(onUnauthorized: (message: string) => void) {
  return async (client: ReleaseConsoleClient): Promise<View | 'unauthorized'> => {
    try {
      const [status, { artifacts }, health] = await Promise.all([
        client.status(),
        client.artifacts(),
        client.health(),
      ]);
      return { state: 'ready', data: { status, artifacts, health } };
    } catch (caught) {
      if (isUnauthorized(caught) && isConsoleApiError(caught)) {
        onUnauthorized(caught.message);
        return 'unauthorized';
      }
      return isConsoleApiError(caught)
        ? { state: 'failed', code: caught.code, message: caught.message }
        : {
            state: 'failed',
            code: 'RELEASE_API_ERROR',
            message: 'The registry could not be read.',
          };
    }
  };
}

/**
 * The signed-in console: live map, actions, health, history and published versions, read
 * together so every form's ifRevision is the revision the screen shows.
 */
export function Dashboard({
  client,
  onUnauthorized,
}: {
  client: ReleaseConsoleClient;
  onUnauthorized: (message: string) => void;
}) {
  const [view, setView] = useState<View>({ state: 'loading' });
  // Each outcome is a new object, so the same sentence twice still takes focus again.
  const [notice, setNotice] = useState<{ message: string } | null>(null);
  const readRegistry = useMemo(() => readRegistryWith(onUnauthorized), [onUnauthorized]);
  const noticeRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const ready = view.state === 'ready';
  // Signed in: focus moves from the vanished sign-in form to the page's title, once.
  useEffect(() => {
    if (ready) titleRef.current?.focus();
  }, [ready]);

  const load = useCallback(
    () =>
      readRegistry(client).then((next) => {
        if (next === 'unauthorized') return;
        setView(next);
      }),
    [client, readRegistry],
  );
  // The registry is read when the console opens (state changes only once the API answered).
  useEffect(() => {
    let current = true;
    void readRegistry(client).then((next) => {
      if (current && next !== 'unauthorized') setView(next);
    });
    return () => {
      current = false;
    };
  }, [client, readRegistry]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const hooks: ActionHooks = useMemo(
    () => ({
      onDone: (message: string) => {
        setNotice({ message });
        void load();
      },
      onUnauthorized,
    }),
    [load, onUnauthorized],
  );

  if (view.state === 'loading') {
    return (
      <main id="main" className={styles.main}>
        <Heading level={1} className={styles.pageTitle}>
          Releases
        </Heading>
        <div className={styles.loading}>
          <Spinner label="Loading the registry…" />
        </div>
      </main>
    );
  }
  if (view.state === 'failed') {
    return (
      <main id="main" className={styles.main}>
        <Heading level={1} className={styles.pageTitle}>
          Releases
        </Heading>
        <Alert tone="error" title="The release API is not answering">
          <ErrorText code={view.code} message={view.message} />
        </Alert>
        <div className={styles.formActions}>
          <Button
            type="button"
            onClick={() => {
              setView({ state: 'loading' });
              void load();
            }}
          >
            Try again
          </Button>
        </div>
      </main>
    );
  }

  const { status, artifacts, health } = view.data;
  const apps = Object.keys(artifacts);
  const forms = { client, status, artifacts, health, ...hooks };
  return (
    <main id="main" className={styles.main}>
      <div className={styles.titleRow}>
        <Heading level={1} className={styles.pageTitle} ref={titleRef} tabIndex={-1}>
          Releases
        </Heading>
        <Button type="button" variant="secondary" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      <div ref={noticeRef} tabIndex={-1} className={styles.alertSlot}>
        {notice ? (
          <Alert tone="success" title="Done">
            {notice.message}
          </Alert>
        ) : null}
      </div>
      <LiveMap status={status} client={client} hooks={hooks} />
      <section className={styles.panel} aria-labelledby="actions-title">
        <div className={styles.panelHead}>
          <Heading level={2} id="actions-title">
            Release actions
          </Heading>
          <p className={styles.muted}>Each action is checked against revision {status.revision}.</p>
        </div>
        {status.apps.length === 0 && apps.every((app) => !artifacts[app]?.length) ? (
          <p className={styles.empty}>Nothing is published yet, so there is nothing to release.</p>
        ) : (
          <div className={styles.actionsGrid}>
            <PromoteForm {...forms} />
            <RollbackForm {...forms} />
            <CanaryForm {...forms} />
            <ClearVetoForm {...forms} />
          </div>
        )}
      </section>
      <CanaryPanel client={client} status={status} onUnauthorized={onUnauthorized} />
      <HealthPanel health={health} status={status} />
      <HistoryPanel
        client={client}
        apps={apps}
        revision={status.revision}
        onUnauthorized={onUnauthorized}
      />
      <ArtifactsPanel artifacts={artifacts} status={status} />
    </main>
  );
}
