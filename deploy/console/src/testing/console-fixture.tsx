import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadReleaseConfig } from '../../../src/config';
import { registerReleaseApi } from '../../../src/http/release-api';
import { openRegistry } from '../../../src/registry/open-registry';
import { tempDir, writeBuild } from '../../../src/testing/release-fixtures';
import { ReleaseConsole } from '../release-console';

/** The console's tests: the real release API and registry on a free port, and a signed-in console. */
export const TOKEN = 'console-test-token-0123456789';
const closers: (() => Promise<unknown>)[] = [];
/** Call from the suite's afterAll: closes every release API started. */
export const closeReleaseApis = () => Promise.all(closers.splice(0).map((close) => close()));

/** The real release API (same registry, same rules as the CLI) on a free loopback port. */
export async function releaseApi() {
  const dataDir = tempDir('crease-console-ui-');
  const config = loadReleaseConfig(
    { CREASE_DATA_DIR: dataDir, CREASE_RELEASE_TOKENS: `release-manager:${TOKEN}` },
    dataDir,
  );
  const registry = openRegistry(config);
  const publish = async (app: 'shell' | 'mf-legal', content: string, contract: string | number) =>
    (
      await registry.publish(
        app,
        writeBuild(path.join(dataDir, 'b', `${app}-${content}`), app, contract, content),
        '1.0.0',
        { actor: 'ci' },
      )
    ).version;
  const shell = await publish('shell', 'one', 1);
  const legal = await publish('mf-legal', 'one', '^1');
  await registry.promote({ shell, 'mf-legal': legal }, { actor: 'ci', reason: 'first' });
  const app: FastifyInstance = Fastify();
  registerReleaseApi(app, registry, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { origin, registry, publish, versions: { shell, legal } };
}

export async function signIn(origin: string, token = TOKEN) {
  const user = userEvent.setup();
  render(<ReleaseConsole apiOrigin={origin} />);
  await user.type(screen.getByLabelText('Release API token'), token);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}
