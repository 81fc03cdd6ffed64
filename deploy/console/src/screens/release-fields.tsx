import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { AppStatus, PublishedArtifact, ReleaseStatus } from '../api/release-types';
import { markOf, warningsFor } from './build-warnings';
import type { BuildWarning, WarningFacts } from './build-warnings';
import styles from '../console.module.css';
import guards from './guards.module.css';

export const liveOf = (status: ReleaseStatus, app: string): AppStatus | undefined =>
  status.apps.find((entry) => entry.app === app);

/** An app's published versions other than the live one: what an action can move it to. */
export const otherVersions = (
  artifacts: Record<string, PublishedArtifact[]>,
  status: ReleaseStatus,
  app: string,
): PublishedArtifact[] =>
  (artifacts[app] ?? []).filter((artifact) => artifact.version !== liveOf(status, app)?.version);

/** An app and a version of it: choosing another app clears the version. */
export function useAppVersion(initialApp: () => string) {
  const [app, setApp] = useState(initialApp);
  const [version, setVersion] = useState('');
  const chooseApp = (next: string) => {
    setApp(next);
    setVersion('');
  };
  return { app, version, chooseApp, setVersion };
}

/** A labelled select in the console's field style. */
export function Select({
  label,
  value,
  onChange,
  children,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  hint?: ReactNode;
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
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/**
 * One option per published version, with its contract and its warning mark:
 * "1.2.0-abc · contract ^99 · ⚠ incompatible".
 */
export function VersionOptions({
  app,
  artifacts,
  facts,
}: {
  app: string;
  artifacts: PublishedArtifact[];
  facts: WarningFacts;
}) {
  return artifacts.map((artifact) => (
    <option key={artifact.version} value={artifact.version}>
      {artifact.version}
      {artifact.contract === null ? '' : ` · contract ${artifact.contract}`}
      {markOf(warningsFor(app, artifact, facts))}
    </option>
  ));
}

/** The warnings of the chosen builds, in words, under their select (its aria-describedby). */
export function WarningList({ chosen }: { chosen: { label: string; warnings: BuildWarning[] }[] }) {
  const warned = chosen.filter((c) => c.warnings.length > 0);
  if (warned.length === 0) return null;
  return (
    <ul className={guards.warnings}>
      {warned.map(({ label, warnings }) => (
        <li key={label}>
          <strong>Warning: {label}</strong> {warnings.map((w) => w.message).join(' ')}
        </li>
      ))}
    </ul>
  );
}

/**
 * Asked before a marked build is used: the form refuses until it is ticked. A checkbox, not a
 * dialog, so the question stays beside the warning and in the form's own tab order.
 */
export function ConfirmWarnings({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={guards.confirm}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>Use the marked build anyway: I have read the warning</label>
    </div>
  );
}

/** The form's refusal while a marked build is chosen and the question is not answered. */
export const unconfirmed = (warned: boolean, confirmed: boolean) =>
  warned && !confirmed
    ? {
        code: 'CONFIRMATION_REQUIRED',
        message:
          'A chosen build is marked as incompatible or known bad. Read the warning, then tick "Use the marked build anyway" to go ahead.',
      }
    : null;

/** A select of app names. */
export function AppSelect({
  label,
  apps,
  value,
  onChange,
}: {
  label: string;
  apps: string[];
  value: string;
  onChange: (app: string) => void;
}) {
  return (
    <Select label={label} value={value} onChange={onChange}>
      {apps.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </Select>
  );
}
