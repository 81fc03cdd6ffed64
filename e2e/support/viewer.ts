import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { devOutbox } from './dev-api';
import { DEMO, signIn } from './player-session';

export const VIEWER_PASSWORD = 'correct horse battery';

let counter = 0;
export function freshEmail(prefix = 'viewer'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * A real session: registers a new viewer through the form (the API's proof of work included), who
 * lands signed in on /plans. Tests that need a signed-in viewer use this rather than a made-up
 * token: screens and the shell's device registration call the API at once, and the API refuses a
 * made-up token (the refresh then fails and docs/product.md §4 ends the session).
 */
export async function registerViewer(page: Page, email = freshEmail()): Promise<string> {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/plans$/, { timeout: 30_000 });
  return email;
}

/** The demo viewer signs in, and the / rule sends a signed-in viewer (nothing forwarded) to /events. */
export async function signInToEvents(page: Page): Promise<void> {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/events$/, { timeout: 20_000 });
}

/**
 * Proves the viewer's mailbox as they would (decision 405): opens the confirmation link from the
 * development outbox in this page. Mail other than confirmation, reset and sign-in codes goes
 * only to a confirmed address, so specs that read lifecycle mail or reminders call this first.
 */
export async function confirmEmail(page: Page, email: string): Promise<void> {
  const confirmLink = async () =>
    (await devOutbox(email))
      .flatMap((mail) => mail.links)
      .find((link) => link.includes('/verify-email?'));
  await expect.poll(confirmLink, { timeout: 20_000 }).toBeTruthy();
  const link = new URL((await confirmLink())!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible({
    timeout: 20_000,
  });
}
