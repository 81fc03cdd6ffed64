import { useId, useState } from 'react';
import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { PublishedArtifact, ReleaseHealth, ReleaseStatus } from '../api/release-types';
import { ActionForm } from './action-form';
import { warningsFor } from './build-warnings';
import { AppVersionFields, useConfirmation } from './app-version-fields';
import {
  Select,
  VersionOptions,
  WarningList,
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
  health: ReleaseHealth;
}

/** The warnings of `version` of `app` (none for no version or one not published). */
function warningsOfChoice(props: FormProps, app: string, version: string) {
  const artifact = (props.artifacts[app] ?? []).find((a) => a.version === version);
  return artifact ? warningsFor(app, artifact, props) : [];
}

/** Promote one app, or several at once: one commit, one revision, all or nothing. */
export function PromoteForm(props: FormProps) {
  const { client, status, artifacts, health: _health, ...hooks } = props;
  const apps = Object.keys(artifacts).filter((app) => (artifacts[app]?.length ?? 0) > 0);
  const [choice, setChoice] = useState<Record<string, string>>({});
  const confirmation = useConfirmation();
  const versions = Object.fromEntries(
    Object.entries(choice).filter(
      ([app, version]) => version && version !== liveOf(status, app)?.version,
    ),
  );
  const list = Object.entries(versions)
    .map(([app, version]) => `${app} ${version}`)
    .join(', ');
  const warned = Object.entries(versions).some(
    ([app, version]) => warningsOfChoice(props, app, version).length > 0,
  );
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
            : confirmation.check(warned),
        run: (recorded) => client.promote(versions, recorded),
        success: `Promoted ${list}.`,
        onCommitted: () => {
          setChoice({});
          confirmation.reset();
        },
      }}
    >
      {apps.map((app) => {
        const live = liveOf(status, app)?.version;
        const version = versions[app] ?? '';
        return (
          <Select
            key={app}
            label={app}
            value={choice[app] ?? ''}
            onChange={(next) => {
              setChoice((current) => ({ ...current, [app]: next }));
              confirmation.reset();
            }}
            hint={
              <WarningList
                chosen={[{ label: version, warnings: warningsOfChoice(props, app, version) }]}
              />
            }
          >
            <option value="">{live ? `Keep live (${live})` : 'Not live: keep as is'}</option>
            <VersionOptions
              app={app}
              artifacts={otherVersions(artifacts, status, app)}
              facts={props}
            />
          </Select>
        );
      })}
      {confirmation.question(warned)}
    </ActionForm>
  );
}

/** Roll one app back: to its last-known-good, or to any version published before. */
export function RollbackForm(props: FormProps) {
  const { client, status, artifacts, health: _health, ...hooks } = props;
  const apps = status.apps.map((entry) => entry.app);
  const { app, version: to, chooseApp, setVersion: setTo } = useAppVersion(() => apps[0] ?? '');
  const confirmation = useConfirmation();
  const live = liveOf(status, app);
  const warnings = warningsOfChoice(props, app, to);
  // Rolling back with no version chosen goes to the last-known-good (or aborts a canary).
  const unavailable = !live
    ? 'Nothing is live yet, so there is nothing to roll back.'
    : !to && !live.lastKnownGood && !live.canary
      ? `${app} has no last-known-good recorded: choose a published version to roll back to.`
      : null;
  return (
    <ActionForm
      {...hooks}
      title="Roll back"
      description="Go back to the last-known-good, or choose an earlier published version."
      revision={status.revision}
      submit={{
        label: 'Roll back',
        unavailable,
        check: () => confirmation.check(warnings.length > 0),
        run: (recorded) => client.rollback(app, to || null, recorded),
        success: `Rolled ${app} back${to ? ` to ${to}` : ' to its last-known-good'}.`,
        onCommitted: confirmation.reset,
      }}
    >
      <AppVersionFields
        {...{ apps, app, version: to, warnings, confirmation }}
        appLabel="App to roll back"
        onApp={chooseApp}
        versionLabel="Roll back to"
        onVersion={setTo}
      >
        <option value="">
          Last known good{live?.lastKnownGood ? ` (${live.lastKnownGood})` : ' (none recorded)'}
        </option>
        <VersionOptions app={app} artifacts={otherVersions(artifacts, status, app)} facts={props} />
      </AppVersionFields>
    </ActionForm>
  );
}

/** Start a canary: a share of browsers (1-99 %) gets a published version of one remote. */
export function CanaryForm(props: FormProps) {
  const { client, status, artifacts, health: _health, ...hooks } = props;
  const remotes = status.apps.map((entry) => entry.app).filter((app) => app !== 'shell');
  // A build with a warning is never chosen for the release manager: only ever by hand.
  const cleanCandidate = (name: string) =>
    otherVersions(artifacts, status, name).find(
      (artifact) => warningsFor(name, artifact, props).length === 0,
    );
  // Start on a remote with no canary running and a clean version to try, when there is one.
  const { app, version, chooseApp, setVersion } = useAppVersion(
    () =>
      remotes.find((name) => !liveOf(status, name)?.canary && cleanCandidate(name)) ??
      remotes[0] ??
      '',
  );
  const [percent, setPercent] = useState('10');
  const confirmation = useConfirmation();
  const percentId = useId();
  const candidates = otherVersions(artifacts, status, app);
  const chosen = version || cleanCandidate(app)?.version || '';
  const warnings = warningsOfChoice(props, app, chosen);
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
            ? confirmation.check(warnings.length > 0)
            : {
                code: 'INVALID_REQUEST',
                message:
                  candidates.length === 0
                    ? `${app} has no other published version.`
                    : 'Choose the version for the canary.',
              },
        run: (recorded) => client.canary(app, chosen, Number(percent), recorded),
        success: `Canary of ${app} ${chosen} started for ${percent} % of browsers.`,
        onCommitted: confirmation.reset,
      }}
    >
      <AppVersionFields
        {...{ apps: remotes, app, version: chosen, warnings, confirmation }}
        appLabel="Remote for the canary"
        onApp={chooseApp}
        versionLabel="Canary version"
        onVersion={setVersion}
      >
        {candidates.length === 0 ? <option value="">No other published version</option> : null}
        {candidates.length > 0 && !chosen ? <option value="">Choose a version</option> : null}
        <VersionOptions app={app} artifacts={candidates} facts={props} />
      </AppVersionFields>
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
