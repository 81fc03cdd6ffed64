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
