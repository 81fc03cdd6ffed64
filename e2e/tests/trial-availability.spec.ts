import { expect, test } from '@playwright/test';
import { planCard } from '../support/billing';
import { registerViewer } from '../support/viewer';

/**
 * Issue 23 §3: a trial that cannot start is refused before the click. This browser took the
 * free trial on one account; a second account signing up on it is told on /plans and on
 * /trial-activation, with no "Start free trial" to press.
 */
test('a trial refused before the click: the second account on a browser that had one', async ({
  page,
}) => {
  await registerViewer(page);
  await page.getByRole('link', { name: 'Start free trial' }).click();
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/trial-activation-success$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await registerViewer(page);

  const trialPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/billing/trial'))
      trialPosts.push(request.url());
  });
  await expect(planCard(page, 'Monthly')).toBeVisible();
  await expect(page.getByText('The free trial is not available')).toBeVisible();
  await expect(page.getByText('This device has already been used for a free trial.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start free trial' })).toHaveCount(0);

  await page.goto('/trial-activation');
  await expect(page.getByText('This device has already been used for a free trial.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start free trial' })).toHaveCount(0);
  expect(trialPosts).toEqual([]);
});
