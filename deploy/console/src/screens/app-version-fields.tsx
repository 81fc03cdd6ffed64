import { useState } from 'react';
import type { ReactNode } from 'react';
import type { BuildWarning } from './build-warnings';
import { AppSelect, ConfirmWarnings, Select, WarningList, unconfirmed } from './release-fields';

/**
 * The answer to "use the marked build anyway": asked while a chosen build has a warning, and
 * taken back by any change to the choice. `check` is the form's refusal while it is unanswered.
 */
export function useConfirmation() {
  const [confirmed, setConfirmed] = useState(false);
  return {
    confirmed,
    setConfirmed,
    reset: () => setConfirmed(false),
    check: (warned: boolean) => unconfirmed(warned, confirmed),
    /** The question, shown only while something chosen is marked. */
    question: (warned: boolean) =>
      warned ? <ConfirmWarnings checked={confirmed} onChange={setConfirmed} /> : null,
  };
}

export type Confirmation = ReturnType<typeof useConfirmation>;

/**
 * The fields of a one-app action (roll back, start a canary): the app, a version of it with the
 * chosen build's warnings under it, and the question those warnings need. Changing either
 * takes back an earlier "use it anyway".
 */
export function AppVersionFields({
  apps,
  app,
  appLabel,
  onApp,
  version,
  versionLabel,
  onVersion,
  warnings,
  confirmation,
  children,
}: {
  apps: string[];
  app: string;
  appLabel: string;
  onApp: (app: string) => void;
  version: string;
  versionLabel: string;
  onVersion: (version: string) => void;
  warnings: BuildWarning[];
  confirmation: Confirmation;
  /** The version select's options. */
  children: ReactNode;
}) {
  return (
    <>
      <AppSelect
        label={appLabel}
        apps={apps}
        value={app}
        onChange={(next) => {
          onApp(next);
          confirmation.reset();
        }}
      />
      <Select
        label={versionLabel}
        value={version}
        onChange={(next) => {
          onVersion(next);
          confirmation.reset();
        }}
        hint={<WarningList chosen={[{ label: version, warnings }]} />}
      >
        {children}
      </Select>
      {confirmation.question(warnings.length > 0)}
    </>
  );
}
