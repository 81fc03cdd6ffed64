import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { ReleaseStatus } from '../api/release-types';
import { ActionForm } from './action-form';
import type { ActionHooks } from './use-action';

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
