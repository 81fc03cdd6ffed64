import type { StaffRole } from '@crease/contract';
import { Heading } from '@crease/ui';
import styles from '../ops.module.css';
import { EmptyState } from './states';

const TEXT: Partial<Record<StaffRole, { title: string; body: string }>> = {
  producer: {
    title: 'Scheduling and going live are on their way',
    body: 'Stream keys are under Channels. Scheduling matches, ingest health and going live are not in the console yet: use the operator API as docs/operations.md describes.',
  },
};

/** The designed empty state of a role whose screens are not built yet (decision 399). */
export function RoleHome({ role }: { role: StaffRole }) {
  const text = TEXT[role] ?? { title: 'Nothing to show', body: '' };
  return (
    <>
      <Heading level={1}>Match day</Heading>
      <section className={styles.panel}>
        <EmptyState title={text.title}>{text.body}</EmptyState>
      </section>
    </>
  );
}
