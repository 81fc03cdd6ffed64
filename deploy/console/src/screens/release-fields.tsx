import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { AppStatus, PublishedArtifact, ReleaseStatus } from '../api/release-types';
import styles from '../console.module.css';

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

/** One option per published version, with its contract: "1.2.0-abc · contract 1". */
export function VersionOptions({ artifacts }: { artifacts: PublishedArtifact[] }) {
  return artifacts.map((artifact) => (
    <option key={artifact.version} value={artifact.version}>
      {artifact.version}
      {artifact.contract === null ? '' : ` · contract ${artifact.contract}`}
    </option>
  ));
}

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
