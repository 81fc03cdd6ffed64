import type { ComponentType } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, Page } from '@crease/ui';
import { AccountScreen } from './account-screen';
import { PaymentFailScreen } from './payment-fail-screen';
import { PaymentHistoryScreen } from './payment-history-screen';
import { PaymentProcessScreen } from './payment-process-screen';
import { PaymentSuccessScreen } from './payment-success-screen';
import { PlansScreen } from './plans-screen';
import { SecurePaymentScreen } from './secure-payment-screen';
import { TrialActivationScreen } from './trial-activation-screen';
import { TrialActivationSuccessScreen } from './trial-activation-success-screen';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  plans: PlansScreen,
  'payment-process': PaymentProcessScreen,
  'secure-payment': SecurePaymentScreen,
  'payment-success': PaymentSuccessScreen,
  'payment-fail': PaymentFailScreen,
  'trial-activation': TrialActivationScreen,
  'trial-activation-success': TrialActivationSuccessScreen,
  account: AccountScreen,
  'payment-history': PaymentHistoryScreen,
};

/**
 * The parcel's root. The shell updates (never remounts) it when the viewer moves between the
 * billing screens; keying by screen and query gives each step fresh state (a new checkout on
 * /payment-process?checkout=… is a new poll, not the old one's leftovers).
 */
export function BillingScreen(props: ScreenProps) {
  const Screen = Object.hasOwn(SCREENS, props.screen) ? SCREENS[props.screen] : undefined;
  if (!Screen) {
    return (
      <Page width="narrow">
        <Alert tone="error" title="Page not found">
          <p>There is no billing page called “{props.screen}”.</p>
        </Alert>
      </Page>
    );
  }
  return <Screen key={`${props.screen}${props.location.search}`} {...props} />;
}
