import { CONSENT_STORAGE } from '@crease/contract';

/**
 * Every spec but consent.spec.ts starts with the analytics choice already made (Accept), so a
 * visitor in Europe/London sees the pages as before the banner (issue 34 §5) and the specs that
 * count page views count them as before. consent.spec.ts starts with no cookie at all.
 */
export const CONSENT_ACCEPTED = {
  cookies: [
    {
      name: CONSENT_STORAGE.cookie,
      value: 'v1.analytics=1',
      domain: 'localhost',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: [],
};
