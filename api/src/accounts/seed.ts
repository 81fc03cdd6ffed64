import { DEFAULT_FIRST_NAME, DEFAULT_LAST_NAME } from '@crease/contract';
import { users } from './tables';
import type { Seeder } from '../platform/db/seed';

/** Documented in docs/api.md: a viewer to sign in with on a fresh `npm start`. */
export const DEMO_VIEWER = { email: 'demo@crease.test', password: 'demo-viewer-2024' } as const;

export const demoViewerSeeder: Seeder = {
  name: 'demo-viewer',
  async run(db, { hasher, clock }) {
    const inserted = await db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: DEMO_VIEWER.email,
        passwordHash: await hasher.hash(DEMO_VIEWER.password),
        firstName: DEFAULT_FIRST_NAME,
        lastName: DEFAULT_LAST_NAME,
        emailSubscribe: false,
        // The demo mailbox is ours: it counts as proved, so its mail flows (decision 405).
        emailVerifiedAt: clock.now(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    return inserted.length ? `created ${DEMO_VIEWER.email}` : `${DEMO_VIEWER.email} exists`;
  },
};
