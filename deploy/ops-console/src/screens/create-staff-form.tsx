import { useState } from 'react';
import type { FormEvent } from 'react';
import { STAFF_ROLES } from '@crease/contract';
import type { StaffCreated, StaffRole } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from './detail.module.css';
import { ErrorText } from './states';

const ROLE_TEXT: Record<StaffRole, string> = {
  admin: 'Admin: staff accounts, the audit log, and everything support does',
  producer: 'Producer: matches, channels, ingest keys, going live',
  scorer: 'Scorer: ball-by-ball scoring',
  support: 'Support: look up viewers, refunds, devices, receipts',
};

export function CreateStaffForm({
  client,
  onUnauthorized,
  onCreated,
}: {
  client: StaffClient;
  onUnauthorized: (message: string) => void;
  onCreated: (created: StaffCreated) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!/^[^@\s]+@[^@\s]+$/.test(email.trim()) || password.length < 12) {
      setError({
        code: 'INVALID_REQUEST',
        message: 'Enter their email and a first password of at least 12 characters.',
      });
      return;
    }
    setPending(true);
    setError(null);
    client.createMember({ email: email.trim(), password, role }).then(
      (created) => {
        setPending(false);
        setEmail('');
        setPassword('');
        onCreated(created);
      },
      (caught: unknown) => {
        setPending(false);
        if (isUnauthorized(caught)) onUnauthorized((caught as Error).message);
        setError(
          isStaffApiError(caught)
            ? { code: caught.code, message: caught.message }
            : { code: 'CONSOLE_ERROR', message: 'The account could not be created.' },
        );
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      {error ? (
        <Alert tone="error" title="Not created">
          <ErrorText code={error.code} message={error.message} />
        </Alert>
      ) : null}
      <TextField
        label="Their email"
        name="new-email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="First password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint="At least 12 characters. Give it to them with the codes shown next."
      />
      <fieldset className={detail.roles}>
        <legend className={detail.legend}>Role</legend>
        {STAFF_ROLES.map((value) => (
          <label key={value} className={detail.roleChoice}>
            <input
              type="radio"
              name="role"
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
            />
            <span>{ROLE_TEXT[value]}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" busy={pending}>
        {pending ? 'Creating…' : 'Create staff member'}
      </Button>
    </form>
  );
}
