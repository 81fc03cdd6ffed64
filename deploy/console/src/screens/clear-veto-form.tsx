import { useState } from 'react';
import { ActionForm } from './action-form';
import type { FormProps } from './release-forms';
import { Select } from './release-fields';

/**
 * Clear a version's last-known-good veto, with a reason (decision 411): the fallback reports were
 * an attack, or the outage was elsewhere. The signed-in viewers who reported until now are
 * excused; new ones can veto it again. Only vetoes standing now are offered.
 */
export function ClearVetoForm(props: FormProps) {
  const { client, status, artifacts: _artifacts, health, ...hooks } = props;
  const vetoes = health.fallbacks.filter((count) => count.vetoes);
  const keyOf = (count: { remote: string; failedVersion: string }) =>
    `${count.remote}@${count.failedVersion}`;
  const [chosen, setChosen] = useState('');
  const veto = vetoes.find((count) => keyOf(count) === chosen) ?? vetoes[0];
  return (
    <ActionForm
      {...hooks}
      title="Clear a veto"
      description="Fallback reports from signed-in viewers stop a version from being a last-known-good. Clear one when they were wrong; the viewers who reported are excused."
      revision={status.revision}
      submit={{
        label: 'Clear veto',
        unavailable: veto ? null : 'No version is vetoed now.',
        run: (recorded) => client.clearVeto(veto!.remote, veto!.failedVersion, recorded),
        success: veto ? `Cleared the veto on ${veto.remote} ${veto.failedVersion}.` : '',
        onCommitted: () => setChosen(''),
      }}
    >
      {vetoes.length > 0 ? (
        <Select label="Vetoed version" value={veto ? keyOf(veto) : ''} onChange={setChosen}>
          {vetoes.map((count) => (
            <option key={keyOf(count)} value={keyOf(count)}>
              {count.remote} {count.failedVersion} ({count.count} fallbacks,{' '}
              {count.reporters?.accounts?.length ?? 0} signed-in viewers)
            </option>
          ))}
        </Select>
      ) : null}
    </ActionForm>
  );
}
