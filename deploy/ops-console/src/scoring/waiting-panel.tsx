/**
 * What waits to be sent (decision 446): "n balls waiting to send", why (the network, a conflict
 * with another scorer, a refusal), and the scorer's choices. Announced politely as it changes.
 */
import { Alert, Button } from '@crease/ui';
import styles from '../ops.module.css';
import { ErrorText } from '../screens/states';
import { pressLabel } from './scoring-keys';
import board from './scoring.module.css';
import type { useScoring } from './use-scoring';

export function WaitingPanel({ scoring }: { scoring: ReturnType<typeof useScoring> }) {
  const { queue, problem } = scoring;
  const count = queue.length;
  return (
    <div className={board.waiting}>
      <p role="status" className={count ? board.waitingCount : styles.muted}>
        {count === 0
          ? 'Every ball is sent.'
          : `${count} ${count === 1 ? 'ball' : 'balls'} waiting to send: ${queue
              .map((p) => pressLabel(p.action))
              .join(', ')}`}
      </p>
      {problem?.kind === 'offline' && count > 0 ? (
        <Alert tone="info" title="Offline">
          {problem.message}
        </Alert>
      ) : null}
      {problem?.kind === 'conflict' ? (
        <Alert tone="error" title="Another scorer recorded first">
          <p>
            {problem.message} The score above is theirs. Your waiting balls were not sent: send them
            after theirs, or drop them.
          </p>
          <div className={styles.formActions}>
            <Button onClick={scoring.sendAfterTheirs}>Send mine after theirs</Button>
            <Button variant="secondary" onClick={() => scoring.drop()}>
              Drop my waiting balls
            </Button>
          </div>
        </Alert>
      ) : null}
      {problem?.kind === 'refused' ? (
        <Alert tone="error" title="A waiting ball was refused">
          <ErrorText code={problem.code} message={problem.message} />
          <div className={styles.formActions}>
            <Button onClick={() => scoring.drop(problem.ballId)}>Drop that ball</Button>
            <Button variant="secondary" onClick={scoring.sendAfterTheirs}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}
    </div>
  );
}
