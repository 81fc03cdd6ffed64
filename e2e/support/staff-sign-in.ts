import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import { seriousAxeViolations } from './axe';

/**
 * The staff console's sign-in and screen checks for specs beyond ops-console.spec.ts (issue 33):
 * the development admin's credentials file, a TOTP code of the current step, and each screen
 * axe-clean and screenshotted at 1280 and 800 px with nothing pushing the page sideways.
 */
export const CONSOLE = '/ops/';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238 (SHA-1, 30 s, 6 digits) of the current step (the site runs on this machine's clock). */
export function totpNow(secret: string): string {
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += B32.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The development admin `npm start` made (its credentials file in the site's data dir). */
export function devAdmin() {
  const text = fs.readFileSync(path.join(E2E_DATA_DIR, 'staff-dev-admin.txt'), 'utf8');
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(text)?.[1]?.trim() ?? '';
  return {
    email: field('email'),
    password: field('password'),
    secret: field('totp secret \\(base32\\)'),
  };
}

export async function staffSignIn(page: Page, email: string, password: string, secret: string) {
  await page.goto(CONSOLE);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code').fill(totpNow(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

export async function checkStaffScreen(page: Page, info: TestInfo, name: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
