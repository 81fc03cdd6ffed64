import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FollowError, followsClient } from '@crease/contract';
import type { FollowKind, Platform, ReminderLead, ViewerFollows } from '@crease/contract';

export type FollowsState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; follows: ViewerFollows };

export interface FollowActions {
  follow(kind: FollowKind, id: string, on: boolean): void;
  remind(eventId: string, on: boolean): void;
  remindFollowed(on: boolean): void;
  remindBefore(lead: ReminderLead): void;
}

/** The browser's time zone: reminders name the start in it (decision 419). */
const browserZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** A list with `item` in it or not, keeping its order. */
const toggled = (list: string[], item: string, on: boolean): string[] =>
  on ? (list.includes(item) ? list : [...list, item]) : list.filter((x) => x !== item);

/** What each follow kind's list is called in ViewerFollows. */
const LIST_OF: Record<FollowKind, 'teams' | 'leagues'> = { team: 'teams', league: 'leagues' };

/**
 * The viewer's follows, read once when /events opens. A write shows at once (the checkbox or
 * button changes on the click, not after the round trip, which took up to 2.8 s: issue 36 §6),
 * then the API's answer (the whole ViewerFollows) replaces it. Only the newest write's answer
 * is applied, so answers arriving out of order cannot undo a later click; a failed newest write
 * puts back what the API last said. `problem`: that failure, in words, until the next write.
 */
export function useFollows(http: Platform['http']): {
  state: FollowsState;
  problem: string | null;
  actions: FollowActions;
} {
  const client = useMemo(() => followsClient(http), [http]);
  const [state, setState] = useState<FollowsState>({ kind: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    client.read().then(
      (follows) => !stopped && setState({ kind: 'ready', follows }),
      (error: unknown) =>
        !stopped &&
        setState({
          kind: 'failed',
          message: error instanceof FollowError ? error.message : String(error),
        }),
    );
    return () => {
      stopped = true;
    };
  }, [client]);

  /** The API's last answer (what a failed write falls back to) and the newest write's number. */
  const confirmed = useRef<ViewerFollows | null>(null);
  const newest = useRef(0);
  useEffect(() => {
    if (state.kind === 'ready' && newest.current === 0) confirmed.current = state.follows;
  }, [state]);

  const write = useCallback(
    (change: (follows: ViewerFollows) => ViewerFollows, run: () => Promise<ViewerFollows>) => {
      setProblem(null);
      const mine = ++newest.current;
      setState((current) =>
        current.kind === 'ready' ? { kind: 'ready', follows: change(current.follows) } : current,
      );
      run().then(
        (follows) => {
          confirmed.current = follows;
          if (mine === newest.current) setState({ kind: 'ready', follows });
        },
        (error: unknown) => {
          if (mine !== newest.current) return;
          const fallback = confirmed.current;
          if (fallback) setState({ kind: 'ready', follows: fallback });
          setProblem(error instanceof Error ? error.message : String(error));
        },
      );
    },
    [],
  );

  const actions = useMemo<FollowActions>(
    () => ({
      follow: (kind, id, on) =>
        write(
          (f) => ({ ...f, [LIST_OF[kind]]: toggled(f[LIST_OF[kind]], id, on) }),
          () => client.follow(kind, id, on),
        ),
      remind: (eventId, on) =>
        write(
          (f) => ({ ...f, reminders: toggled(f.reminders, eventId, on) }),
          async () => {
            const follows = await client.remind(eventId, on);
            // The reminder will name the start in this browser's zone: tell the API it, once.
            const timeZone = browserZone();
            return on && timeZone && follows.timeZone !== timeZone
              ? client.settings({ timeZone })
              : follows;
          },
        ),
      remindFollowed: (on) =>
        write(
          (f) => ({ ...f, remindFollowed: on }),
          () => client.settings({ remindFollowed: on, timeZone: browserZone() }),
        ),
      remindBefore: (lead) =>
        write(
          (f) => ({ ...f, remindBefore: lead }),
          () => client.settings({ remindBefore: lead, timeZone: browserZone() }),
        ),
    }),
    [client, write],
  );
  return { state, problem, actions };
}
