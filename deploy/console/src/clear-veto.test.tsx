/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { screen, within } from '@testing-library/react';
import { FallbackCounter } from '../../src/registry/fallback-counter';
import { closeReleaseApis, releaseApi, signIn } from './testing/console-fixture';

afterEach(() => sessionStorage.clear());
afterAll(closeReleaseApis);

/**
 * Decision 411: a release manager clears a last-known-good veto from the console, with a reason,
 * against the real release API and registry.
 */
describe('release console: clearing a veto', () => {
  it('offers nothing to clear while no version is vetoed', async () => {
    const { origin } = await releaseApi();
    await signIn(origin);
    const form = await screen.findByRole('form', { name: 'Clear a veto' });
    expect(within(form).getByRole('button', { name: 'Clear veto' })).toBeDisabled();
    expect(form).toHaveTextContent('No version is vetoed now.');
  });

  it('clears a standing veto with a reason, recorded in the history', async () => {
    const { origin, registry, publish, versions } = await releaseApi();
    const two = await publish('mf-legal', 'two', '^1');
    await registry.promote({ 'mf-legal': two }, { actor: 'ci', reason: 'second' });
    // Six signed-in viewers on three networks fell back from `two` (the default quorum is 5 on 3).
    const counter = new FallbackCounter(registry.options.registryDir);
    for (let i = 0; i < 6; i += 1)
      counter.record('mf-legal', two, versions.legal, {
        browser: `browser${i}`,
        network: `network${i % 3}`,
        account: `account${i}`,
      });
    counter.flush();
    expect(registry.fallbacks()[0]).toMatchObject({ failedVersion: two, vetoes: true });

    const user = await signIn(origin);
    const form = await screen.findByRole('form', { name: 'Clear a veto' });
    expect(within(form).getByRole('combobox', { name: 'Vetoed version' })).toHaveTextContent(
      `mf-legal ${two} (6 fallbacks, 6 signed-in viewers)`,
    );
    await user.click(within(form).getByRole('button', { name: 'Clear veto' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('A reason is required');
    await user.type(
      within(form).getByRole('textbox', { name: /reason/i }),
      'the CDN failed, not the build',
    );
    await user.click(within(form).getByRole('button', { name: 'Clear veto' }));
    expect(await screen.findByText(/^Cleared the veto/)).toHaveTextContent(
      `Cleared the veto on mf-legal ${two}.`,
    );
    expect(registry.fallbacks()[0]).toMatchObject({ vetoes: false, notVetoing: 'cleared' });
    expect(registry.history('mf-legal', 1)[0]).toMatchObject({
      action: 'clear-veto',
      actor: 'release-manager',
      reason: 'the CDN failed, not the build',
    });
  });
});
