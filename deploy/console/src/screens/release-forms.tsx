import { useId, useState } from 'react';
import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { PublishedArtifact, ReleaseStatus } from '../api/release-types';
import { ActionForm } from './action-form';
import {
  AppSelect,
  Select,
  VersionOptions,
  liveOf,
  otherVersions,
  useAppVersion,
} from './release-fields';
import type { ActionHooks } from './use-action';
import styles from '../console.module.css';

/**
 * The release actions. Each is the one ActionForm (reason, one command at a time, the refusal
 * in an alert): an action here only has its fields and the calls its commands make.
 */

export interface FormProps extends ActionHooks {
  client: ReleaseConsoleClient;
  status: ReleaseStatus;
  artifacts: Record<string, PublishedArtifact[]>;
}

/** Promote one app, or several at once: one commit, one revision, all or nothing. */
export function PromoteForm({ client, status, artifacts, ...hooks }: FormProps) {
  const apps = Object.keys(artifacts).filter((app) => (artifacts[app]?.length ?? 0) > 0);
  const [choice, setChoice] = useState<Record<string, string>>({});
  const versions = Object.fromEntries(
    Object.entries(choice).filter(
      ([app, version]) => version && version !== liveOf(status, app)?.version,
    ),
  );
  const list = Object.entries(versions)
    .map(([app, version]) => `${app} ${version}`)
    .join(', ');
  return (
    <ActionForm
      {...hooks}
      title="Promote"
      description="Choose a version for one or more apps; they go live together in one revision."
      revision={status.revision}
      submit={{
        label: 'Promote',
        check: () =>
          Object.keys(versions).length === 0
            ? { code: 'INVALID_REQUEST', message: 'Choose a new version for at least one app.' }
            : null,
        run: (recorded) => client.promote(versions, recorded),
        success: `Promoted ${list}.`,
        onCommitted: () => setChoice({}),
      }}
    >
      {apps.map((app) => {
        const live = liveOf(status, app)?.version;
        return (
          <Select
            key={app}
            label={app}
            value={choice[app] ?? ''}
            onChange={(version) => setChoice((current) => ({ ...current, [app]: version }))}
          >
            <option value="">{live ? `Keep live (${live})` : 'Not live: keep as is'}</option>
            <VersionOptions artifacts={otherVersions(artifacts, status, app)} />
          </Select>
        );
      })}
    </ActionForm>
  );
}

/** Roll one app back: to its last-known-good, or to any version published before. */
export function RollbackForm({ client, status, artifacts, ...hooks }: FormProps) {
  const apps = status.apps.map((entry) => entry.app);
  const { app, version: to, chooseApp, setVersion: setTo } = useAppVersion(() => apps[0] ?? '');
  const live = liveOf(status, app);
  return (
    <ActionForm
      {...hooks}
      title="Roll back"
      description="Go back to the last-known-good, or choose an earlier published version."
      revision={status.revision}
      submit={{
        label: 'Roll back',
        run: (recorded) => client.rollback(app, to || null, recorded),
        success: `Rolled ${app} back${to ? ` to ${to}` : ' to its last-known-good'}.`,
      }}
    >
      <AppSelect label="App to roll back" apps={apps} value={app} onChange={chooseApp} />
      <Select label="Roll back to" value={to} onChange={setTo}>
        <option value="">
          Last known good{live?.lastKnownGood ? ` (${live.lastKnownGood})` : ' (none recorded)'}
        </option>
        <VersionOptions artifacts={otherVersions(artifacts, status, app)} />
      </Select>
    </ActionForm>
  );
}

/** Start a canary: a share of browsers (1-99 %) gets a published version of one remote. */
export function CanaryForm({ client, status, artifacts, ...hooks }: FormProps) {
  const remotes = status.apps.map((entry) => entry.app).filter((app) => app !== 'shell');
  // Start on a remote with no canary running and a version to try, when there is one.
  const { app, version, chooseApp, setVersion } = useAppVersion(
    () =>
      remotes.find(
        (name) => !liveOf(status, name)?.canary && otherVersions(artifacts, status, name).length,
      ) ??
      remotes[0] ??
      '',
  );
  const [percent, setPercent] = useState('10');
  const percentId = useId();
  const candidates = otherVersions(artifacts, status, app);
  const chosen = version || candidates[0]?.version || '';
  return (
    <ActionForm
      {...hooks}
      title="Start a canary"
      description="A sticky share of browsers gets the new version; the guard rolls it back if its signals turn bad."
      revision={status.revision}
      submit={{
        label: 'Start canary',
        check: () =>
          chosen
            ? null
            : { code: 'INVALID_REQUEST', message: `${app} has no other published version.` },
        run: (recorded) => client.canary(app, chosen, Number(percent), recorded),
        success: `Canary of ${app} ${chosen} started for ${percent} % of browsers.`,
      }}
    >
      <AppSelect label="Remote for the canary" apps={remotes} value={app} onChange={chooseApp} />
      <Select label="Canary version" value={chosen} onChange={setVersion}>
        {candidates.length === 0 ? <option value="">No other published version</option> : null}
        <VersionOptions artifacts={candidates} />
      </Select>
      <div className={styles.field}>
        <label htmlFor={percentId}>Share of browsers (%)</label>
        <input
          id={percentId}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          step={1}
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
        />
      </div>
    </ActionForm>
  );
}

/** A running canary: promote it (finish the release) or roll it back (abort). */
export function CanaryControl({
  client,
  status,
  app,
  version,
  ...hooks
}: ActionHooks & {
  client: ReleaseConsoleClient;
  status: ReleaseStatus;
  app: string;
  version: string;
}) {
  return (
    <ActionForm
      {...hooks}
      title={`Canary of ${app}`}
      revision={status.revision}
      submit={{
        label: 'Promote canary',
        run: (recorded) => client.promote({ [app]: version }, recorded),
        success: `Canary ${app} ${version} promoted to every browser.`,
      }}
      alternative={{
        label: 'Roll back canary',
        run: (recorded) => client.rollback(app, null, recorded),
        success: `Canary ${app} ${version} rolled back.`,
      }}
    />
  );
}
