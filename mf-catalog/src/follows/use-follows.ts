import { useCallback, useEffect, useMemo, useState } from 'react';
import { FollowError, followsClient } from '@crease/contract';
import type { FollowKind, Platform, ViewerFollows } from '@crease/contract';

export type FollowsState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; follows: ViewerFollows };

export interface FollowActions {
  follow(kind: FollowKind, id: string, on: boolean): void;
  remind(eventId: string, on: boolean): void;
  remindFollowed(on: boolean): void;
}

/**
 * The viewer's follows, read once when /events opens and replaced by each write's answer (the
 * API answers every write with the whole ViewerFollows). `problem`: the last write's failure,
 * in words, until the next write.
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

  const write = useCallback((run: () => Promise<ViewerFollows>) => {
    setProblem(null);
    run().then(
      (follows) => setState({ kind: 'ready', follows }),
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, []);

  const actions = useMemo<FollowActions>(
    () => ({
      follow: (kind, id, on) => write(() => client.follow(kind, id, on)),
      remind: (eventId, on) => write(() => client.remind(eventId, on)),
      remindFollowed: (on) => write(() => client.remindFollowed(on)),
    }),
    [client, write],
  );
  return { state, problem, actions };
}
