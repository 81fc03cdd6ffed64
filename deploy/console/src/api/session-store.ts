/**
 * The console's token lives in sessionStorage only: it goes with the tab, never to disk, never
 * to another tab, and never into a cookie the browser would send by itself.
 */
const KEY = 'crease.release-console.token';

export const sessionStore = {
  read(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  write(token: string): void {
    sessionStorage.setItem(KEY, token);
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Storage refused: nothing was kept either.
    }
  },
};
