/**
 * The scorer's small forms: the openers and first bowler of an innings, a wicket (how, who
 * fielded, which batter, who comes in), and the next bowler at the end of an over. Each opens
 * with its first field focused; Escape closes it without recording anything.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { DISMISSAL_MODES } from '@crease/contract';
import type { DismissalMode, ScoringAction, ScoringState } from '@crease/contract';
import { Button, TextField } from '@crease/ui';
import styles from '../ops.module.css';
import board from './scoring.module.css';

const MODE_LABELS: Record<DismissalMode, string> = {
  caught: 'Caught',
  bowled: 'Bowled',
  lbw: 'LBW',
  run_out: 'Run out',
  stumped: 'Stumped',
};

interface FormProps {
  state: ScoringState;
  onRecord: (action: ScoringAction) => void;
  onClose: () => void;
}

function ScoringForm({
  title,
  submitLabel,
  onSubmit,
  onClose,
  error,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  error: string | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <form ref={ref} className={board.form} onSubmit={submit} onKeyDown={escape} aria-label={title}>
      <h2 className={board.formTitle}>{title}</h2>
      {children}
      {error ? (
        <p role="alert" className={styles.errorText}>
          {error}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit">{submitLabel}</Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const filled = (values: string[]) => values.every((v) => v.trim().length > 0);

export function InningsStartForm({ state, onRecord, onClose }: FormProps) {
  const batted = new Set(state.innings.map((i) => i.team));
  const [team, setTeam] = useState(
    state.teams.find((t) => !batted.has(t.shortName))?.shortName ?? state.teams[0].shortName,
  );
  const [striker, setStriker] = useState('');
  const [nonStriker, setNonStriker] = useState('');
  const [bowler, setBowler] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!filled([striker, nonStriker, bowler]))
      return setError('Name both openers and the bowler.');
    onRecord({
      kind: 'inningsStart',
      battingTeam: team,
      striker: striker.trim(),
      nonStriker: nonStriker.trim(),
      bowler: bowler.trim(),
    });
    onClose();
  };
  return (
    <ScoringForm
      title="Start an innings"
      submitLabel="Start the innings"
      onSubmit={submit}
      onClose={onClose}
      error={error}
    >
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="batting-team">
          Batting team
        </label>
        <select id="batting-team" value={team} onChange={(e) => setTeam(e.target.value)}>
          {state.teams.map((t) => (
            <option key={t.shortName} value={t.shortName}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Striker" value={striker} onChange={(e) => setStriker(e.target.value)} />
      <TextField
        label="Non-striker"
        value={nonStriker}
        onChange={(e) => setNonStriker(e.target.value)}
      />
      <TextField label="Bowler" value={bowler} onChange={(e) => setBowler(e.target.value)} />
    </ScoringForm>
  );
}

export function WicketForm({ state, onRecord, onClose }: FormProps) {
  const [mode, setMode] = useState<DismissalMode>('caught');
  const [fielder, setFielder] = useState('');
  const [out, setOut] = useState<'striker' | 'nonStriker'>('striker');
  const [newBatter, setNewBatter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsFielder = mode !== 'bowled' && mode !== 'lbw';
  const submit = () => {
    if (needsFielder && !fielder.trim()) return setError('Name the fielder.');
    onRecord({
      kind: 'ball',
      delivery: {
        kind: 'wicket',
        mode,
        fielder: needsFielder ? fielder.trim() : null,
        out: mode === 'run_out' ? out : 'striker',
        newBatter: newBatter.trim() || null,
      },
    });
    onClose();
  };
  return (
    <ScoringForm
      title="Wicket"
      submitLabel="Record the wicket"
      onSubmit={submit}
      onClose={onClose}
      error={error}
    >
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="wicket-mode">
          How out
        </label>
        <select
          id="wicket-mode"
          value={mode}
          onChange={(e) => setMode(e.target.value as DismissalMode)}
        >
          {DISMISSAL_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      {mode === 'run_out' ? (
        <div className={styles.field}>
          <label className={styles.fieldLabel} htmlFor="wicket-out">
            Batter out
          </label>
          <select
            id="wicket-out"
            value={out}
            onChange={(e) => setOut(e.target.value as 'striker' | 'nonStriker')}
          >
            <option value="striker">{state.striker ?? 'Striker'} (striker)</option>
            <option value="nonStriker">{state.nonStriker ?? 'Non-striker'} (non-striker)</option>
          </select>
        </div>
      ) : null}
      {needsFielder ? (
        <TextField label="Fielder" value={fielder} onChange={(e) => setFielder(e.target.value)} />
      ) : null}
      <TextField
        label="New batter"
        hint="Leave empty only when nobody comes in (ten down, or the innings ends here)."
        value={newBatter}
        onChange={(e) => setNewBatter(e.target.value)}
      />
    </ScoringForm>
  );
}

export function NextBowlerForm({ state, onRecord, onClose }: FormProps) {
  const [bowler, setBowler] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!bowler.trim()) return setError('Name the bowler of the next over.');
    if (bowler.trim() === state.bowler)
      return setError(`${state.bowler} bowled the last over: name another bowler.`);
    onRecord({ kind: 'overEnd', nextBowler: bowler.trim() });
    onClose();
  };
  return (
    <ScoringForm
      title="End of over"
      submitLabel="Start the next over"
      onSubmit={submit}
      onClose={onClose}
      error={error}
    >
      <TextField label="Next bowler" value={bowler} onChange={(e) => setBowler(e.target.value)} />
    </ScoringForm>
  );
}
