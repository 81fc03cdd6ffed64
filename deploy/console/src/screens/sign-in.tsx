import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, TextField } from '@crease/ui';
import { isConsoleApiError, releaseConsoleClient } from '../api/release-console-client';
import styles from '../console.module.css';
import { ConsoleSignIn } from '@crease/ui/console';

export interface SignInProps {
  apiOrigin: string;
  /** A token from earlier in this tab: checked with whoami before the console opens. */
  storedToken: string | null;
  /** Why the last session ended (a 401), shown above the form. */
  endedMessage: string | null;
  onSignedIn: (token: string, actor: string) => void;
}

/** The release manager pastes a release API token; the API says whose it is, or why not. */
export function SignIn({ apiOrigin, storedToken, endedMessage, onSignedIn }: SignInProps) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [pending, setPending] = useState(Boolean(storedToken));
  const alertRef = useRef<HTMLDivElement>(null);

  // Asks the API whose token this is; state changes only once it has answered.
  const verify = useCallback(
    (candidate: string) =>
      releaseConsoleClient(candidate, apiOrigin)
        .whoami()
        .then(
          ({ actor }) => onSignedIn(candidate, actor),
          (caught: unknown) => {
            setPending(false);
            setError(
              isConsoleApiError(caught)
                ? { code: caught.code, message: caught.message }
                : { code: 'RELEASE_API_ERROR', message: 'The token could not be checked.' },
            );
          },
        ),
    [apiOrigin, onSignedIn],
  );

  // A token this tab kept is checked again before anything is shown.
  const [checkedStored] = useState(() => (storedToken ? { token: storedToken } : null));
  useEffect(() => {
    if (checkedStored) void verify(checkedStored.token);
  }, [checkedStored, verify]);
  useEffect(() => {
    if (error || endedMessage) alertRef.current?.focus();
  }, [error, endedMessage]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = token.trim();
    if (!trimmed) {
      setError({ code: 'INVALID_REQUEST', message: 'Paste a release API token.' });
      return;
    }
    setPending(true);
    setError(null);
    void verify(trimmed);
  };

  return (
    <ConsoleSignIn
      title="Sign in to the release console"
      intro={
        <>
          Paste a release API token (<code>CREASE_RELEASE_TOKENS</code>). Each token names the
          release manager recorded in the history. The token stays in this tab only.
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
      <form onSubmit={submit} noValidate>
        <TextField
          label="Release API token"
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          hint="npm start prints where its local token is kept."
        />
        <Button type="submit" busy={pending}>
          {pending ? 'Checking…' : 'Sign in'}
        </Button>
      </form>
    </ConsoleSignIn>
  );
}

/** An API error as the CLI shows it: the stable code, then the message. */
export function ErrorText({ code, message }: { code: string; message: string }) {
  return (
    <p className={styles.errorText}>
      <code className={styles.errorCode}>{code}</code> {message}
    </p>
  );
}
