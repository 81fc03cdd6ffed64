import { useState } from 'react';
import type { StaffCreated, StaffMember } from '@crease/contract';
import { Heading } from '@crease/ui';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from './detail.module.css';
import { CreateStaffForm } from './create-staff-form';
import { formatMoment } from './format';
import { EmptyState, ErrorState, LoadingState } from './states';
import { useLoad } from './use-load';

export interface ScreenProps {
  client: StaffClient;
  onUnauthorized: (message: string) => void;
}

/** Admin: the staff accounts, and "create staff member" with its once-shown second factor. */
export function StaffScreen({ client, onUnauthorized }: ScreenProps) {
  const [members, reload] = useLoad(() => client.members(), onUnauthorized);
  const [created, setCreated] = useState<StaffCreated | null>(null);

  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Staff</Heading>
        <p className={styles.muted}>Who can sign in to this console, and as what.</p>
      </div>
      <div className={styles.twoColumns}>
        <section className={styles.panel} aria-labelledby="members-title">
          <div className={styles.panelHead}>
            <h2 id="members-title">Staff members</h2>
          </div>
          {members.status === 'loading' ? (
            <LoadingState label="Loading staff members…" />
          ) : members.status === 'error' ? (
            <ErrorState
              title="Staff members could not be loaded"
              code={members.code}
              message={members.message}
              onRetry={reload}
            />
          ) : members.data.length === 0 ? (
            <EmptyState title="No staff members yet">
              Create the first one with the form.
            </EmptyState>
          ) : (
            <MembersTable members={members.data} />
          )}
        </section>
        <section className={styles.panel} aria-labelledby="create-title">
          <div className={styles.panelHead}>
            <h2 id="create-title">Create staff member</h2>
          </div>
          {created ? (
            <OnceShown created={created} onDone={() => setCreated(null)} />
          ) : (
            <CreateStaffForm
              client={client}
              onUnauthorized={onUnauthorized}
              onCreated={(made) => {
                setCreated(made);
                reload();
              }}
            />
          )}
        </section>
      </div>
    </>
  );
}

function MembersTable({ members }: { members: StaffMember[] }) {
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Scrollable table">
      <table className={styles.table}>
        <caption className={styles.caption}>{members.length} staff accounts</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <td>{member.email}</td>
              <td>
                <span className={styles.roleTag}>{member.role}</span>
              </td>
              <td>{member.disabled ? 'Disabled' : 'Active'}</td>
              <td>{formatMoment(member.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The new member's TOTP secret and recovery codes: shown here once, never again. */
function OnceShown({ created, onDone }: { created: StaffCreated; onDone: () => void }) {
  return (
    <div className={detail.onceShown} role="status" aria-live="polite">
      <p className={detail.onceTitle}>
        {created.staff.email} can sign in as {created.staff.role}. Give them these now: they are
        shown once and cannot be shown again.
      </p>
      <dl className={detail.facts}>
        <div className={detail.fact}>
          <dt>TOTP secret</dt>
          <dd>
            <code data-testid="totp-secret">{created.totpSecret}</code>
          </dd>
        </div>
        <div className={detail.fact}>
          <dt>Authenticator link</dt>
          <dd>
            <code className={styles.wrap}>{created.otpauthUrl}</code>
          </dd>
        </div>
      </dl>
      <p className={styles.formTitle}>Recovery codes (each works once)</p>
      <ul className={detail.codes} aria-label="Recovery codes">
        {created.recoveryCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.secondaryButton} onClick={onDone}>
        I have handed these over
      </button>
    </div>
  );
}
