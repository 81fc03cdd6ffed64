import type { ScreenProps } from '@crease/contract';
import { ScreenSwitch } from '@crease/ui/screens';
import type { Screens } from '@crease/ui/screens';
import { ChangePasswordScreen } from './change-password-screen';
import { RegisterScreen } from './register-screen';
import { ResetPasswordScreen } from './reset-password-screen';
import { SignInScreen } from './signin-screen';
import { VerifyEmailScreen } from './verify-email-screen';
import { AuthMessagesProvider } from '../messages';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Screens<ScreenProps> = {
  register: RegisterScreen,
  signin: SignInScreen,
  'change-password': ChangePasswordScreen,
  'reset-password': ResetPasswordScreen,
  'verify-email': VerifyEmailScreen,
};

/**
 * The parcel's root. The shell updates (never remounts) it when the viewer moves between the
 * accounts screens; keying by screen gives each screen fresh form state.
 */
export function AuthScreen(props: ScreenProps) {
  return (
    <AuthMessagesProvider language={props.language}>
      <ScreenSwitch
        screens={SCREENS}
        area="accounts"
        props={props}
        keyOf={({ screen }) => screen}
      />
    </AuthMessagesProvider>
  );
}
