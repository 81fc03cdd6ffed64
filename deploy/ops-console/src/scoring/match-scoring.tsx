/**
 * Scoring one match (issue 33 §3): the score, this over, the batters and the bowler as the API
 * last confirmed them; the keypad (every key also a button); the presses waiting to send; the
 * picture delay the balls are stamped with; and what to do after a conflict or a refusal.
 */
import { useEffect, useState } from 'react';
import type { ScoringAction, ScoringState } from '@crease/contract';
import { Button, Heading } from '@crease/ui';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import { ErrorState, LoadingState } from '../screens/states';
import { InningsStartForm, NextBowlerForm, WicketForm } from './scoring-forms';
import {
  EXTRA_DEFAULT_RUNS,
  EXTRA_LABELS,
  extraAction,
  keyOutcome,
  pressLabel,
  runsAction,
} from './scoring-keys';
import type { Extra, Form } from './scoring-keys';
import { WaitingPanel } from './waiting-panel';
import { useScoring } from './use-scoring';
import board from './scoring.module.css';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

const RUNS = [0, 1, 2, 3, 4, 5, 6];

export function MatchScoring({
  client,
  eventId,
  onUnauthorized,
  onBack,
}: {
  client: StaffClient;
  eventId: string;
  onUnauthorized: (message: string) => void;
  onBack: () => void;
}) {
  const scoring = useScoring(client, eventId, onUnauthorized);
  const { state, press } = scoring;
  const [armed, setArmed] = useState<Extra | null>(null);
  const [form, setForm] = useState<Form | null>(null);

  const record = (action: ScoringAction) => {
    setArmed(null);
    press(action);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (form || typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const outcome = keyOutcome(event.key, armed);
      if (!outcome) return;
      event.preventDefault();
      if (outcome.kind === 'arm') setArmed(outcome.extra);
      else if (outcome.kind === 'open') setForm(outcome.form);
      else record(outcome.action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!state)
    return scoring.loadError && scoring.queue.length === 0 ? (
      <ErrorState
        title="The match could not be loaded"
        code={scoring.loadError.code}
        message={scoring.loadError.message}
        onRetry={() => void scoring.reload()}
      />
    ) : (
      <>
        <LoadingState label="Loading the match…" />
        <WaitingPanel scoring={scoring} />
      </>
    );

  const close = () => setForm(null);
  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>{state.title}</Heading>
        <Button variant="secondary" onClick={onBack}>
          All matches
        </Button>
      </div>
      <p className={board.delay}>
        Balls are stamped with the picture’s time: the picture runs{' '}
        <strong>{(state.pictureDelayMs / 1000).toFixed(2)} s</strong> behind live.
      </p>
      <WaitingPanel scoring={scoring} />
      <div className={board.layout}>
        <ScoreBoard state={state} />
        <section className={styles.panel} aria-label="Keypad">
          {form === 'innings' || (form === null && state.needs === 'inningsStart') ? (
            form === 'innings' ? (
              <InningsStartForm state={state} onRecord={record} onClose={close} />
            ) : (
              <div className={board.next}>
                <p>Start an innings to score.</p>
                <Button onClick={() => setForm('innings')}>Start an innings</Button>
              </div>
            )
          ) : form === 'wicket' ? (
            <WicketForm state={state} onRecord={record} onClose={close} />
          ) : form === 'bowler' ? (
            <NextBowlerForm state={state} onRecord={record} onClose={close} />
          ) : form === 'inningsEnd' ? (
            <div className={board.next} role="group" aria-label="End the innings">
              <p>End the innings at {state.scoreSummary || 'this score'}?</p>
              <div className={styles.formActions}>
                <Button
                  autoFocus
                  onClick={() => {
                    record({ kind: 'inningsEnd' });
                    close();
                  }}
                >
                  End the innings
                </Button>
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Keypad
              state={state}
              armed={armed}
              onArm={setArmed}
              onRecord={record}
              onOpen={setForm}
            />
          )}
        </section>
      </div>
      <RecentList state={state} />
    </>
  );
}

function ScoreBoard({ state }: { state: ScoringState }) {
  const card = state.scorecard;
  const figures = (name: string | null) => card?.batters.find((b) => b.name === name);
  const bowling = card?.bowlers.find((b) => b.name === state.bowler);
  const batter = (name: string | null, strike: boolean) => {
    const f = figures(name);
    return name ? (
      <li>
        {name}
        {strike ? <span aria-label=" on strike">*</span> : null} {f ? `${f.runs} (${f.balls})` : ''}
      </li>
    ) : null;
  };
  return (
    <section className={styles.panel} aria-label="Score">
      <p className={board.score} aria-live="polite">
        {state.scoreSummary || 'No ball bowled yet'}
      </p>
      <p className={styles.muted}>
        {state.status === 'live' ? (state.playState ?? 'live').replace('_', ' ') : state.status}
        {card?.interruption ? ` · ${card.interruption}` : ''}
      </p>
      <h2 className={board.label}>This over</h2>
      <ol className={board.over} aria-label="This over">
        {state.thisOver.length === 0 ? <li className={styles.muted}>No ball yet</li> : null}
        {state.thisOver.map((ball, i) => (
          <li key={i} className={board.ball}>
            {ball}
          </li>
        ))}
      </ol>
      <h2 className={board.label}>Batters</h2>
      <ul className={board.people} aria-label="Batters">
        {batter(state.striker, true)}
        {batter(state.nonStriker, false)}
      </ul>
      <h2 className={board.label}>Bowler</h2>
      <p>
        {state.bowler ?? '—'}
        {bowling ? ` ${bowling.overs}-${bowling.maidens}-${bowling.runs}-${bowling.wickets}` : ''}
      </p>
    </section>
  );
}

function Keypad({
  state,
  armed,
  onArm,
  onRecord,
  onOpen,
}: {
  state: ScoringState;
  armed: Extra | null;
  onArm: (extra: Extra | null) => void;
  onRecord: (action: ScoringAction) => void;
  onOpen: (form: Form) => void;
}) {
  const stopped = state.needs === 'resume';
  return (
    <div className={board.keypad}>
      <p className={board.hint} aria-live="polite">
        {armed
          ? `${EXTRA_LABELS[armed]}: press the runs, 0–6, or Enter for ${EXTRA_DEFAULT_RUNS[armed]}. Esc cancels.`
          : state.needs === 'nextBowler'
            ? 'The over is bowled: press O to name the next bowler.'
            : state.needs === 'inningsEnd'
              ? 'The innings is complete: press E to end it.'
              : stopped
                ? 'Play is stopped: press P when it resumes.'
                : 'Keys: 0–6 runs · W wide · N no-ball · B byes · L leg byes · X wicket · U undo'}
      </p>
      <div className={board.keys} role="group" aria-label={armed ? EXTRA_LABELS[armed] : 'Runs'}>
        {RUNS.map((n) => (
          <button
            key={n}
            type="button"
            className={board.key}
            aria-keyshortcuts={String(n)}
            onClick={() => onRecord(armed ? extraAction(armed, n) : runsAction(n))}
          >
            {armed ? `${EXTRA_LABELS[armed]} +${n}` : `${n} ${n === 1 ? 'run' : 'runs'}`}
          </button>
        ))}
      </div>
      <div className={board.keys} role="group" aria-label="Extras and wickets">
        {(
          Object.entries({ w: 'wide', n: 'noBall', b: 'bye', l: 'legBye' }) as [string, Extra][]
        ).map(([key, extra]) => (
          <button
            key={key}
            type="button"
            className={board.key}
            aria-pressed={armed === extra}
            aria-keyshortcuts={key.toUpperCase()}
            onClick={() => onArm(armed === extra ? null : extra)}
          >
            {EXTRA_LABELS[extra]}
          </button>
        ))}
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="X"
          onClick={() => onOpen('wicket')}
        >
          Wicket
        </button>
      </div>
      <div className={board.keys} role="group" aria-label="Overs, innings and stoppages">
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="O"
          onClick={() => onOpen('bowler')}
        >
          End of over
        </button>
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="E"
          onClick={() => onOpen('inningsEnd')}
        >
          End of innings
        </button>
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="D"
          onClick={() => onRecord({ kind: 'stoppage', reason: 'drinks' })}
        >
          Drinks
        </button>
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="R"
          onClick={() => onRecord({ kind: 'stoppage', reason: 'rain' })}
        >
          Rain delay
        </button>
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="G"
          onClick={() => onRecord({ kind: 'stoppage', reason: 'badLight' })}
        >
          Bad light
        </button>
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="P"
          onClick={() => onRecord({ kind: 'resume' })}
        >
          Play resumes
        </button>
        <button
          type="button"
          className={board.key}
          aria-keyshortcuts="U"
          onClick={() => onRecord({ kind: 'undo' })}
        >
          Undo last
        </button>
      </div>
    </div>
  );
}

function RecentList({ state }: { state: ScoringState }) {
  return (
    <section className={styles.panel} aria-label="Recorded">
      <h2 className={board.label}>Recorded (newest first)</h2>
      {state.recent.length === 0 ? (
        <p className={styles.muted}>Nothing recorded yet.</p>
      ) : (
        <ol className={board.recent}>
          {state.recent.map((entry) => (
            <li key={entry.seq} className={entry.undone ? board.undone : undefined}>
              <span className={board.seq}>#{entry.seq}</span> {pressLabel(entry.action)}
              {entry.undone ? ' (undone)' : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
