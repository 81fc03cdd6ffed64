import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { StaffSession } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { isStaffApiError, signInStaff } from '../api/staff-client';
import styles from '../ops.module.css';
import { ErrorText } from './states';
import { ConsoleSignIn } from '@crease/ui/console';

export interface SignInProps {
  apiOrigin: string;
  /** Why the last session ended (a 401, or signing out), shown above the form. */
  endedMessage: string | null;
  onSignedIn: (session: StaffSession) => void;
}

type Factor = 'totp' | 'recovery';

/** Email, password and the second factor in one form: a TOTP code, or one recovery code. */
export function SignIn({ apiOrigin, endedMessage, onSignedIn }: SignInProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [factor, setFactor] = useState<Factor>('totp');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error || endedMessage) alertRef.current?.focus();
  }, [error, endedMessage]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = code.replace(/\s/g, '');
    if (!email.trim() || !password || !trimmed) {
      setError({
        code: 'INVALID_REQUEST',
        message: `Enter your email, password and ${factor === 'totp' ? 'the 6-digit code' : 'a recovery code'}.`,
      });
      return;
    }
    setPending(true);
    setError(null);
    signInStaff(apiOrigin, {
      email: email.trim(),
      password,
      ...(factor === 'totp' ? { totp: trimmed } : { recoveryCode: trimmed }),
    }).then(onSignedIn, (caught: unknown) => {
      setPending(false);
      setCode('');
      setError(
        isStaffApiError(caught)
          ? { code: caught.code, message: caught.message }
          : { code: 'CONSOLE_ERROR', message: 'The sign-in could not be sent.' },
      );
    });
  };

  return (
    <ConsoleSignIn
      title="Sign in to the staff console"
      intro={
        <>
          For Crease staff: producers, scorers, support and admins. Every account has a second
          factor; the session stays in this tab only.
        </>
      }
      alert={
        error ? (
          <Alert tone="error" title="Not signed in">
            <ErrorText code={error.code} message={error.message} />
          </Alert>
        ) : endedMessage ? (
          <Alert tone="info" title="Signed out">
            {endedMessage}
          </Alert>
        ) : null
      }
      alertRef={alertRef}
    >
      <form onSubmit={submit} noValidate className={styles.form}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {factor === 'totp' ? (
          <TextField
            key="totp"
            label="Authenticator code"
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            hint="The 6-digit code your authenticator app shows for Crease."
          />
        ) : (
          <TextField
            key="recovery"
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            hint="Each recovery code works once."
          />
        )}
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setFactor(factor === 'totp' ? 'recovery' : 'totp');
            setCode('');
          }}
        >
          {factor === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator code'}
        </button>
        <Button type="submit" busy={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </ConsoleSignIn>
  );
}
