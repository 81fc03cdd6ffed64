/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, startTestServer } from '@crease/test-utils';
import type { TestServer } from '@crease/test-utils';
import { SignalStore } from '../../src/signals/signal-store';
import type { ReleaseRegistry } from '../../src/registry/release-registry';
import { TOKEN, closeReleaseApis, releaseApi, signIn } from './testing/console-fixture';

/** Stand-in servers of the designed-failure tests (the real release APIs close themselves). */
const closers: (() => Promise<unknown>)[] = [];
afterEach(() => sessionStorage.clear());
afterAll(() => Promise.all([closeReleaseApis(), ...closers.map((close) => close())]));

const liveVersionOf = (registry: ReleaseRegistry, app: string) =>
  registry.status().apps.find((entry) => entry.app === app)?.version;

describe('release console', () => {
  it('refuses a session without a valid token, with the API message; opens one with it', async () => {
    const { origin } = await releaseApi();
    const user = await signIn(origin, 'not-the-token-0123456789');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'INVALID_RELEASE_TOKEN The release token is not valid.',
    );
    expect(screen.queryByRole('heading', { name: 'Live map' })).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);

    await user.clear(screen.getByLabelText('Release API token'));
    await user.type(screen.getByLabelText('Release API token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Signed in as/)).toHaveTextContent(
      'Signed in as release-manager',
    );
    const legal = await screen.findByRole('article', { name: 'mf-legal' });
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toHaveFocus();
    expect(within(legal).getByText('^1')).toBeInTheDocument();
    expect(Object.values({ ...sessionStorage })).toContain(TOKEN);
  });

  it('promotes several apps in one revision, with a required reason', async () => {
    const { origin, registry, publish } = await releaseApi();
    const shell = await publish('shell', 'two', 1);
    const legal = await publish('mf-legal', 'two', '^1');
    const user = await signIn(origin);
    const form = await screen.findByRole('form', { name: 'Promote' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'shell' }), shell);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'mf-legal' }), legal);
    await user.click(within(form).getByRole('button', { name: 'Promote' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('A reason is required');

    await user.type(within(form).getByRole('textbox', { name: /reason/i }), 'both together');
    await user.click(within(form).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText(/^Promoted/)).toHaveTextContent(
      `Promoted shell ${shell}, mf-legal ${legal}.`,
    );
    const promotes = registry.history().filter((entry) => entry.reason === 'both together');
    expect(promotes.map((entry) => entry.app).sort()).toEqual(['mf-legal', 'shell']);
    expect(new Set(promotes.map((entry) => entry.revision)).size).toBe(1);
    expect(promotes[0]?.actor).toBe('release-manager');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'mf-legal' })).toHaveTextContent(legal),
    );
  });

  it('shows a conflict as the CLI does, and rolls back once refreshed', async () => {
    const { origin, registry, publish, versions } = await releaseApi();
    const two = await publish('mf-legal', 'two', '^1');
    await registry.promote({ 'mf-legal': two }, { actor: 'ci' });
    const user = await signIn(origin);
    const form = await screen.findByRole('form', { name: 'Roll back' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'App to roll back' }),
      'mf-legal',
    );
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Roll back to' }),
      versions.legal,
    );
    // Someone else changes the registry after the console read it.
    const three = await publish('mf-legal', 'three', '^1');
    await user.type(within(form).getByRole('textbox', { name: /reason/i }), 'two is bad');
    await user.click(within(form).getByRole('button', { name: 'Roll back' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('RELEASE_CONFLICT');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(liveVersionOf(registry, 'mf-legal')).toBe(two);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const target = within(form).getByRole('combobox', { name: 'Roll back to' });
    await waitFor(() => expect(target).toHaveTextContent(three));
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'App to roll back' }),
      'mf-legal',
    );
    await user.type(within(form).getByRole('textbox', { name: /reason/i }), 'two is bad');
    // No last-known-good yet (the version before was not live long enough): nothing to roll
    // back to, so the button is disabled and says why (issue 20 §6), before any call.
    const rollBack = within(form).getByRole('button', { name: 'Roll back' });
    expect(rollBack).toBeDisabled();
    expect(rollBack).toHaveAccessibleDescription(
      'mf-legal has no last-known-good recorded: choose a published version to roll back to.',
    );
    // Any earlier published version can be chosen instead.
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Roll back to' }),
      versions.legal,
    );
    await user.click(within(form).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText(/^Rolled mf-legal back/)).toHaveTextContent(versions.legal);
    expect(liveVersionOf(registry, 'mf-legal')).toBe(versions.legal);
  });

  it('shows the contract gate refusing a version', async () => {
    const { origin, registry, publish } = await releaseApi();
    const incompatible = await publish('mf-legal', 'two', '^2');
    const user = await signIn(origin);
    const form = await screen.findByRole('form', { name: 'Promote' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'mf-legal' }),
      incompatible,
    );
    await user.type(within(form).getByRole('textbox', { name: /reason/i }), 'try it');
    await user.click(within(form).getByRole('button', { name: 'Promote' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('CONFIRMATION_REQUIRED');
    // Asked and answered: the registry's gate still has the last word.
    await user.click(within(form).getByRole('checkbox', { name: /use the marked build anyway/i }));
    await user.click(within(form).getByRole('button', { name: 'Promote' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('CONTRACT_MISMATCH');
    expect(liveVersionOf(registry, 'mf-legal')).not.toBe(incompatible);
  });
});

describe('release console guards (issue 20 §6)', () => {
  /** mf-legal: one live, then a good, a bad (signals show load failures) and a ^99 build. */
  async function withMarkedBuilds() {
    const api = await releaseApi();
    const good = await api.publish('mf-legal', 'good', '^1');
    const bad = await api.publish('mf-legal', 'bad', '^1');
    const future = await api.publish('mf-legal', 'future', '^99'); // newest: first in every list
    const signals = new SignalStore({ registryDir: api.registry.options.registryDir });
    for (let i = 0; i < 5; i += 1) {
      signals.record({ remote: 'mf-legal', version: bad, kind: 'view' });
      signals.record({ remote: 'mf-legal', version: bad, kind: 'load-failure' });
    }
    signals.flush();
    return { ...api, good, bad, future };
  }

  it('marks incompatible and known-bad builds and never pre-selects one', async () => {
    const { origin, good, bad, future } = await withMarkedBuilds();
    await signIn(origin);
    const canary = await screen.findByRole('form', { name: 'Start a canary' });
    await within(canary).findByRole('combobox', { name: 'Remote for the canary' });
    await userEvent
      .setup()
      .selectOptions(
        within(canary).getByRole('combobox', { name: 'Remote for the canary' }),
        'mf-legal',
      );
    const version = within(canary).getByRole('combobox', { name: 'Canary version' });
    expect(version).toHaveValue(good);
    const option = (v: string) => within(version).getByRole('option', { name: new RegExp(v) });
    expect(option(future)).toHaveTextContent(`${future} · contract ^99 · ⚠ incompatible`);
    expect(option(bad)).toHaveTextContent(`${bad} · contract ^1 · ⚠ known bad`);
    expect(option(good).textContent).not.toContain('⚠');
  });

  it('asks before promoting a marked build, and says why it is marked', async () => {
    const { origin, registry, bad } = await withMarkedBuilds();
    const user = await signIn(origin);
    const form = await screen.findByRole('form', { name: 'Promote' });
    const select = within(form).getByRole('combobox', { name: 'mf-legal' });
    await user.selectOptions(select, bad);
    expect(select).toHaveAccessibleDescription(
      `Warning: ${bad} 100 % of its page views failed to load or crashed (5 of 5).`,
    );
    await user.type(within(form).getByRole('textbox', { name: /reason/i }), 'hotfix');
    await user.click(within(form).getByRole('button', { name: 'Promote' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'CONFIRMATION_REQUIRED A chosen build is marked as incompatible or known bad.',
    );
    expect(liveVersionOf(registry, 'mf-legal')).not.toBe(bad);
    await user.click(within(form).getByRole('checkbox', { name: /use the marked build anyway/i }));
    await user.click(within(form).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText(/^Promoted/)).toHaveTextContent(`Promoted mf-legal ${bad}.`);
    expect(liveVersionOf(registry, 'mf-legal')).toBe(bad);
  });

  it('disables roll back while it has no target, and enables it once a version is chosen', async () => {
    const { origin, publish } = await releaseApi();
    const earlier = await publish('mf-legal', 'earlier', '^1');
    const user = await signIn(origin);
    const form = await screen.findByRole('form', { name: 'Roll back' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'App to roll back' }),
      'mf-legal',
    );
    const target = within(form).getByRole('combobox', { name: 'Roll back to' });
    expect(target).toHaveTextContent('Last known good (none recorded)');
    const button = within(form).getByRole('button', { name: 'Roll back' });
    expect(button).toBeDisabled();
    expect(within(form).getByText(/has no last-known-good recorded/)).toBeInTheDocument();
    await user.selectOptions(target, earlier);
    expect(within(form).getByRole('button', { name: 'Roll back' })).toBeEnabled();
    expect(within(form).queryByText(/has no last-known-good recorded/)).not.toBeInTheDocument();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'App to roll back' }),
      'shell',
    );
    expect(within(form).getByRole('button', { name: 'Roll back' })).toHaveAccessibleDescription(
      'shell has no last-known-good recorded: choose a published version to roll back to.',
    );
  });

  it('charts a canary against stable, with the figures as a table', async () => {
    const { origin, registry, publish } = await releaseApi();
    const candidate = await publish('mf-legal', 'two', '^1');
    const stable = liveVersionOf(registry, 'mf-legal')!;
    await registry.canary('mf-legal', candidate, 10, { actor: 'ci', reason: 'try' });
    const signals = new SignalStore({ registryDir: registry.options.registryDir });
    for (let i = 0; i < 4; i += 1)
      signals.record({ remote: 'mf-legal', version: candidate, kind: 'view' });
    signals.record({ remote: 'mf-legal', version: candidate, kind: 'load-failure' });
    signals.record({ remote: 'mf-legal', version: stable, kind: 'view' });
    signals.record({ remote: 'mf-legal', version: stable, kind: 'vital', name: 'LCP', value: 900 });
    signals.flush();
    await signIn(origin);
    const panel = await screen.findByRole('region', { name: 'Canary against stable' });
    expect(
      await within(panel).findByText(/^Canary .* against stable .*, running since/),
    ).toHaveTextContent(
      'Canary: 4 views, failures 25.0 %, fallbacks 0.0 %. Stable: 1 views, failures 0.0 %',
    );
    for (const title of ['Failure rate', 'Fallback rate', 'LCP p75']) {
      expect(
        within(panel).getByRole('img', { name: new RegExp(`^${title} per minute`) }),
      ).toBeInTheDocument();
    }
    const table = within(panel).getByRole('table', { name: /Canary and stable per minute/ });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '25.0 %', '0.0 %', '–', '1', '0.0 %', '0.0 %', '1000 ms']);
  });
});

describe('release console, designed failures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((_request, response) => sendJson(response, 200, {}));
    closers.push(() => server.close());
  });

  it('a 401 after sign-in ends the session with a clear message', async () => {
    server.handle((request, response) => {
      if (request.url.endsWith('/whoami')) return sendJson(response, 200, { actor: 'ana' });
      return sendJson(response, 401, {
        code: 'INVALID_RELEASE_TOKEN',
        message: 'The release token is not valid.',
        userId: null,
        timeStamp: new Date().toISOString(),
      });
    });
    await signIn(server.origin);
    expect(
      await screen.findByText('Your session ended: The release token is not valid.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
    // Every call carried the bearer token.
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('HTML instead of the API is a designed error with a retry', async () => {
    server.handle((request, response) => {
      if (request.url.endsWith('/whoami')) return sendJson(response, 200, { actor: 'ana' });
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Crease</title>');
    });
    const user = await signIn(server.origin);
    expect(await screen.findByRole('alert')).toHaveTextContent('API_NOT_JSON');
    server.handle((request, response) => {
      if (request.url.includes('/status'))
        return sendJson(response, 200, { revision: 0, apps: [] });
      if (request.url.includes('/artifacts')) return sendJson(response, 200, { artifacts: {} });
      if (request.url.includes('/history')) return sendJson(response, 200, { entries: [] });
      return sendJson(response, 200, { signalsAvailable: false, versions: [], fallbacks: [] });
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nothing is live yet/)).toBeInTheDocument();
    expect(screen.getByText(/Nothing is published yet/)).toBeInTheDocument();
  });

  it('a canary: the form posts {app, version, percent, reason, ifRevision} and shows CANARY_RUNNING', async () => {
    const status = {
      revision: 9,
      apps: [
        {
          app: 'mf-legal',
          version: '1.0.0-aaaaaaaaaa',
          lastKnownGood: null,
          contract: '^1',
          since: '2026-11-23T20:00:00.000Z',
          by: 'ci',
          fallbacks: 0,
          canary: {
            version: '1.0.0-bbbbbbbbbb',
            percent: 10,
            since: '2026-11-23T21:00:00.000Z',
            by: 'ana',
            reason: 'try it',
            health: { verdict: 'collecting', summary: '12 of 200 page views so far' },
          },
          lastAutomaticRollback: {
            at: '2026-11-23T19:00:00.000Z',
            version: '1.0.0-cccccccccc',
            reason: 'failure rate 9.1 % vs 0.4 % (z = 5.2)',
          },
        },
      ],
    };
    const artifacts = {
      'mf-legal': ['aaaaaaaaaa', 'bbbbbbbbbb', 'dddddddddd'].map((hash) => ({
        version: `1.0.0-${hash}`,
        contract: '^1',
        publishedAt: '2026-11-23T18:00:00.000Z',
        publishedBy: 'ci',
      })),
    };
    server.handle((request, response) => {
      if (request.url.endsWith('/whoami')) return sendJson(response, 200, { actor: 'ana' });
      if (request.url.includes('/status')) return sendJson(response, 200, status);
      if (request.url.includes('/artifacts')) return sendJson(response, 200, { artifacts });
      if (request.url.includes('/history')) return sendJson(response, 200, { entries: [] });
      if (request.url.includes('/canary-series'))
        return sendJson(response, 200, { app: 'mf-legal', canary: null, minutes: [] });
      if (request.url.includes('/canary'))
        return sendJson(response, 409, {
          code: 'CANARY_RUNNING',
          message: 'mf-legal already has a canary running (1.0.0-bbbbbbbbbb).',
          userId: null,
          timeStamp: new Date().toISOString(),
        });
      return sendJson(response, 200, { signalsAvailable: false, versions: [], fallbacks: [] });
    });
    const user = await signIn(server.origin);
    const card = await screen.findByRole('article', { name: 'mf-legal' });
    expect(card).toHaveTextContent('Canary 10 %');
    expect(card).toHaveTextContent('Collecting 12 of 200 page views so far');
    expect(card).toHaveTextContent('Automatic rollback of 1.0.0-cccccccccc');
    expect(within(card).getByRole('form', { name: 'Canary of mf-legal' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Start a canary' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Canary version' }),
      '1.0.0-dddddddddd',
    );
    await user.clear(within(form).getByRole('spinbutton', { name: /share/i }));
    await user.type(within(form).getByRole('spinbutton', { name: /share/i }), '25');
    await user.type(within(form).getByRole('textbox', { name: /reason/i }), 'new footer');
    await user.click(within(form).getByRole('button', { name: 'Start canary' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('CANARY_RUNNING');
    const posted = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(posted?.body ?? '{}')).toEqual({
      app: 'mf-legal',
      version: '1.0.0-dddddddddd',
      percent: 25,
      reason: 'new footer',
      ifRevision: 9,
    });
  });
});
