import type { ScreenProps } from '@crease/contract';
import { ScreenSwitch } from '@crease/ui/screens';
import type { Screens } from '@crease/ui/screens';
import { AccountScreen } from './account-screen';
import { AutopayCancelScreen } from './autopay-cancel-screen';
import { PaymentFailScreen } from './payment-fail-screen';
import { PaymentHistoryScreen } from './payment-history-screen';
import { PaymentProcessScreen } from './payment-process-screen';
import { PaymentSuccessScreen } from './payment-success-screen';
import { PlansScreen } from './plans-screen';
import { SecurePaymentScreen } from './secure-payment-screen';
import { TrialActivationScreen } from './trial-activation-screen';
import { TrialActivationSuccessScreen } from './trial-activation-success-screen';
import { BillingMessagesProvider } from '../messages';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Screens<ScreenProps> = {
  plans: PlansScreen,
  'payment-process': PaymentProcessScreen,
  'secure-payment': SecurePaymentScreen,
  'payment-success': PaymentSuccessScreen,
  'payment-fail': PaymentFailScreen,
  'trial-activation': TrialActivationScreen,
  'trial-activation-success': TrialActivationSuccessScreen,
  account: AccountScreen,
  'payment-history': PaymentHistoryScreen,
  'autopay-cancel': AutopayCancelScreen,
};

/**
 * The parcel's root. The shell updates (never remounts) it when the viewer moves between the
 * billing screens; keying by screen and query gives each step fresh state (a new checkout on
 * /payment-process?checkout=… is a new poll, not the old one's leftovers).
 */
export function BillingScreen(props: ScreenProps) {
  return (
    <BillingMessagesProvider language={props.language}>
      <ScreenSwitch
        screens={SCREENS}
        area="billing"
        props={props}
        keyOf={({ screen, location }) => `${screen}${location.search}`}
      />
    </BillingMessagesProvider>
  );
}
