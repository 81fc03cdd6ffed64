import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import { seriousAxeViolations } from './axe';

/** The staff console at /ops/ (issue 33): signing in with TOTP, and each screen's checks. */
export const CONSOLE = '/ops/';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238 (SHA-1, 30 s, 6 digits), written out so the test checks the standard itself. */
export function totpNow(secret: string): string {
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += B32.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  // The API runs on this machine's clock in this project; the code of the current step.
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The development admin `npm start` made, from the credentials file it wrote. */
export function devAdmin() {
  const text = fs.readFileSync(path.join(E2E_DATA_DIR, 'staff-dev-admin.txt'), 'utf8');
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(text)?.[1]?.trim() ?? '';
  return {
    email: field('email'),
    password: field('password'),
    secret: field('totp secret \\(base32\\)'),
  };
}

/**
 * Signs in with the current TOTP code of `secret`. A code is accepted once per account: when
 * another spec signed the same account in during this 30 s step, the next step's code is used.
 */
export async function signInToConsole(page: Page, email: string, password: string, secret: string) {
  await page.goto(CONSOLE);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await page.getByLabel('Authenticator code').fill(totpNow(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const refused = page.getByRole('alert');
  await expect(nav.or(refused).first()).toBeVisible();
  if (await nav.isVisible()) return;
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  await page.getByLabel('Authenticator code').fill(totpNow(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(nav).toBeVisible();
}

/** A staff member as the admin hands them over: first password and the TOTP secret shown once. */
export interface StaffMember {
  email: string;
  password: string;
  secret: string;
}

/**
 * The admin's Staff screen (the admin's page is signed in): a new member with `role`, whose TOTP
 * secret is read from the screen that shows it once, then handed over (the screen closes it).
 */
export async function createStaffMember(
  adminPage: Page,
  role: 'Producer' | 'Scorer' | 'Support',
  email: string,
): Promise<StaffMember> {
  const password = `${role.toLowerCase()}-password-0123`;
  await adminPage
    .getByRole('navigation', { name: 'Console' })
    .getByRole('button', { name: 'Staff' })
    .click();
  await adminPage.getByLabel('Their email').fill(email);
  await adminPage.getByLabel('First password').fill(password);
  await adminPage.getByRole('radio', { name: new RegExp(`^${role}:`) }).check();
  await adminPage.getByRole('button', { name: 'Create staff member' }).click();
  const secret = (await adminPage.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await expect(adminPage.getByRole('cell', { name: email })).toBeVisible();
  await adminPage.getByRole('button', { name: 'I have handed these over' }).click();
  return { email, password, secret };
}

/** Axe-clean, and usable at 1280 and 800 px (nothing pushes the page sideways). */
export async function checkScreen(page: Page, name: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
