import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
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
 * made-up token (the refresh then fails and SPEC §4 ends the session).
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
