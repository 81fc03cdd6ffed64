import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { AccountSwitch } from '../session/account-switch';

// Rarely needed, so it is not part of the shell's first load (decision 085): fetched on demand.
const AccountSwitchDialog = lazy(() => import('./account-switch-dialog'));

/** Shows the account-switch question (or why a link was not used) while there is one. */
export function AccountSwitchPrompt({ accountSwitch }: { accountSwitch: AccountSwitch }) {
  const state = useSyncExternalStore(
    (onChange) => accountSwitch.subscribe(onChange),
    () => accountSwitch.current,
    () => accountSwitch.current,
  );
  if (state.step !== 'confirm' && state.step !== 'failed') return null;
  return (
    <Suspense fallback={null}>
      <AccountSwitchDialog
        question={state}
        onAccept={() => accountSwitch.accept()}
        onDismiss={() => accountSwitch.dismiss()}
      />
    </Suspense>
  );
}
