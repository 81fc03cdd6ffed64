import { useCallback, useEffect, useState } from 'react';
import { problemOf } from '@crease/contract';
import type { Problem } from '@crease/contract';

export type Resource<T> =
  { state: 'loading' } | { state: 'failed'; problem: Problem } | { state: 'ready'; data: T };

export interface ResourceHandle<T> {
  resource: Resource<T>;
  /** Loads again from scratch (the error state's Retry). */
  retry(): void;
  /** Replaces the loaded data after a change the screen made itself (no refetch flash). */
  replace(data: T): void;
}

const LOADING = { state: 'loading' } as const;

/**
 * Loads what a screen shows, with the three designed states. Each answer is stored with the load
 * it belongs to (deps and attempt), so an answer that arrives after the screen asked for
 * something newer is never shown, and a new load shows the loading state at once.
 */
export function useResource<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
): ResourceHandle<T> {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([attempt, ...deps]);
  const [stored, setStored] = useState<{ key: string; resource: Resource<T> } | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setStored({ key, resource: { state: 'ready', data } });
      },
      async (error: unknown) => {
        const problem = await problemOf(error);
        if (current) setStored({ key, resource: { state: 'failed', problem } });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; `key` says when it means something new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback(
    (data: T) => setStored({ key, resource: { state: 'ready', data } }),
    [key],
  );
  const resource: Resource<T> = stored?.key === key ? stored.resource : LOADING;
  return { resource, retry, replace };
}
