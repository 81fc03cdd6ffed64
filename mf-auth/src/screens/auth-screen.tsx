import type { ComponentType } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, Page } from '@crease/ui';
import { ChangePasswordScreen } from './change-password-screen';
import { RegisterScreen } from './register-screen';
import { ResetPasswordScreen } from './reset-password-screen';
import { SignInScreen } from './signin-screen';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  register: RegisterScreen,
  signin: SignInScreen,
  'change-password': ChangePasswordScreen,
  'reset-password': ResetPasswordScreen,
};

/**
 * The parcel's root. The shell updates (never remounts) it when the viewer moves between the
 * accounts screens; keying by screen gives each screen fresh form state.
 */
export function AuthScreen(props: ScreenProps) {
  const Screen = Object.hasOwn(SCREENS, props.screen) ? SCREENS[props.screen] : undefined;
  if (!Screen) {
    return (
      <Page width="narrow">
        <Alert tone="error" title="Page not found">
          <p>There is no accounts page called “{props.screen}”.</p>
        </Alert>
      </Page>
    );
  }
  return <Screen key={props.screen} {...props} />;
}
