import type { StaffMember } from '@crease/contract';

/**
 * The staff session lives in sessionStorage only: it goes with the tab, never to disk, never to
 * another tab, never into a cookie the browser would send by itself (the API is bearer-only).
 */
const KEY = 'crease.ops-console.session';

export interface StoredSession {
  token: string;
  staff: StaffMember;
}

export const sessionStore = {
  read(): StoredSession | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      const parsed = raw ? (JSON.parse(raw) as StoredSession) : null;
      return parsed && typeof parsed.token === 'string' && parsed.staff ? parsed : null;
    } catch {
      return null;
    }
  },
  write(session: StoredSession): void {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Storage refused: nothing was kept either.
    }
  },
};
