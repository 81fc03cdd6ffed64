/**
 * A module the first load of a page does without (decision 340): fetched the first time it is
 * needed, then kept. A failed download is tried again at the next use, as the remotes' are.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
