import { useId, useState } from 'react';
import { Button } from '@crease/ui';
import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { AppStatus, PublishedArtifact, ReleaseStatus } from '../api/release-types';
import { ActionForm, missingReason } from './action-form';
import { useAction } from './use-action';
import type { ActionHooks } from './use-action';
import styles from '../console.module.css';

export interface FormProps extends ActionHooks {
  client: ReleaseConsoleClient;
  status: ReleaseStatus;
  artifacts: Record<string, PublishedArtifact[]>;
}

const liveOf = (status: ReleaseStatus, app: string): AppStatus | undefined =>
  status.apps.find((entry) => entry.app === app);

function contractLabel(contract: string | number | null) {
  return contract === null ? '' : ` · contract ${contract}`;
}

function Select({
  label,
  value,
  onChange,
  children,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.input}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Promote one app, or several at once: one commit, one revision, all or nothing. */
export function PromoteForm({ client, status, artifacts, ...hooks }: FormProps) {
  const apps = Object.keys(artifacts).filter((app) => (artifacts[app]?.length ?? 0) > 0);
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const action = useAction(hooks);
  const versions = Object.fromEntries(
    Object.entries(choice).filter(
      ([app, version]) => version && version !== liveOf(status, app)?.version,
    ),
  );
  const submit = () => {
    const missing =
      missingReason(reason) ??
      (Object.keys(versions).length === 0
        ? { code: 'INVALID_REQUEST', message: 'Choose a new version for at least one app.' }
        : null);
    if (missing) return action.setError(missing);
    const list = Object.entries(versions)
      .map(([app, version]) => `${app} ${version}`)
      .join(', ');
    void action
      .run(
        () => client.promote(versions, { reason: reason.trim(), ifRevision: status.revision }),
        `Promoted ${list}.`,
      )
      .then((ok) => {
        if (!ok) return;
        setChoice({});
        setReason('');
      });
  };
  return (
    <ActionForm
      title="Promote"
      description="Choose a version for one or more apps; they go live together in one revision."
      submitLabel="Promote"
      pending={action.pending}
      error={action.error}
      reason={reason}
      onReason={setReason}
      onSubmit={submit}
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
            {(artifacts[app] ?? [])
              .filter((artifact) => artifact.version !== live)
              .map((artifact) => (
                <option key={artifact.version} value={artifact.version}>
                  {artifact.version}
                  {contractLabel(artifact.contract)}
                </option>
              ))}
          </Select>
        );
      })}
    </ActionForm>
  );
}

/** Roll one app back: to its last-known-good, or to any version published before. */
export function RollbackForm({ client, status, artifacts, ...hooks }: FormProps) {
  const apps = status.apps.map((entry) => entry.app);
  const [app, setApp] = useState(apps[0] ?? '');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const action = useAction(hooks);
  const live = liveOf(status, app);
  const submit = () => {
    const missing = missingReason(reason);
    if (missing) return action.setError(missing);
    void action
      .run(
        () =>
          client.rollback(app, to || null, { reason: reason.trim(), ifRevision: status.revision }),
        `Rolled ${app} back${to ? ` to ${to}` : ' to its last-known-good'}.`,
      )
      .then((ok) => ok && setReason(''));
  };
  return (
    <ActionForm
      title="Roll back"
      description="Go back to the last-known-good, or choose an earlier published version."
      submitLabel="Roll back"
      pending={action.pending}
      error={action.error}
      reason={reason}
      onReason={setReason}
      onSubmit={submit}
    >
      <Select
        label="App to roll back"
        value={app}
        onChange={(value) => {
          setApp(value);
          setTo('');
        }}
      >
        {apps.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <Select label="Roll back to" value={to} onChange={setTo}>
        <option value="">
          Last known good{live?.lastKnownGood ? ` (${live.lastKnownGood})` : ' (none recorded)'}
        </option>
        {(artifacts[app] ?? [])
          .filter((artifact) => artifact.version !== live?.version)
          .map((artifact) => (
            <option key={artifact.version} value={artifact.version}>
              {artifact.version}
              {contractLabel(artifact.contract)}
            </option>
          ))}
      </Select>
    </ActionForm>
  );
}

/** Start a canary: a share of browsers (1-99 %) gets a published version of one remote. */
export function CanaryForm({ client, status, artifacts, ...hooks }: FormProps) {
  const remotes = status.apps.map((entry) => entry.app).filter((app) => app !== 'shell');
  // Start on a remote with no canary running and a version to try, when there is one.
  const [app, setApp] = useState(
    () =>
      remotes.find(
        (name) =>
          !liveOf(status, name)?.canary &&
          (artifacts[name] ?? []).some((a) => a.version !== liveOf(status, name)?.version),
      ) ??
      remotes[0] ??
      '',
  );
  const [version, setVersion] = useState('');
  const [percent, setPercent] = useState('10');
  const [reason, setReason] = useState('');
  const action = useAction(hooks);
  const percentId = useId();
  const live = liveOf(status, app);
  const candidates = (artifacts[app] ?? []).filter(
    (artifact) => artifact.version !== live?.version,
  );
  const chosen = version || candidates[0]?.version || '';
  const submit = () => {
    const share = Number(percent);
    const missing =
      missingReason(reason) ??
      (!chosen
        ? { code: 'INVALID_REQUEST', message: `${app} has no other published version.` }
        : null);
    if (missing) return action.setError(missing);
    void action
      .run(
        () =>
          client.canary(app, chosen, share, { reason: reason.trim(), ifRevision: status.revision }),
        `Canary of ${app} ${chosen} started for ${percent} % of browsers.`,
      )
      .then((ok) => ok && setReason(''));
  };
  return (
    <ActionForm
      title="Start a canary"
      description="A sticky share of browsers gets the new version; the guard rolls it back if its signals turn bad."
      submitLabel="Start canary"
      pending={action.pending}
      error={action.error}
      reason={reason}
      onReason={setReason}
      onSubmit={submit}
    >
      <Select
        label="Remote for the canary"
        value={app}
        onChange={(value) => {
          setApp(value);
          setVersion('');
        }}
      >
        {remotes.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <Select label="Canary version" value={chosen} onChange={setVersion}>
        {candidates.length === 0 ? <option value="">No other published version</option> : null}
        {candidates.map((artifact) => (
          <option key={artifact.version} value={artifact.version}>
            {artifact.version}
            {contractLabel(artifact.contract)}
          </option>
        ))}
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
  const [reason, setReason] = useState('');
  const action = useAction(hooks);
  const finish = () => {
    const missing = missingReason(reason);
    if (missing) return action.setError(missing);
    void action.run(
      () =>
        client.promote({ [app]: version }, { reason: reason.trim(), ifRevision: status.revision }),
      `Canary ${app} ${version} promoted to every browser.`,
    );
  };
  const abort = () => {
    const missing = missingReason(reason);
    if (missing) return action.setError(missing);
    void action.run(
      () => client.rollback(app, null, { reason: reason.trim(), ifRevision: status.revision }),
      `Canary ${app} ${version} rolled back.`,
    );
  };
  return (
    <ActionForm
      title={`Canary of ${app}`}
      submitLabel="Promote canary"
      pending={action.pending}
      error={action.error}
      reason={reason}
      onReason={setReason}
      onSubmit={finish}
      headingLevel={3}
      actions={
        <Button type="button" variant="secondary" busy={action.pending} onClick={abort}>
          Roll back canary
        </Button>
      }
    />
  );
}
