/**
 * A race suite runs on PostgreSQL only. PGlite's single connection serialises every request, so
 * a race that breaks on PostgreSQL passes there: every race test in the tree uses this, never
 * `describeEachDatabase`'s PGlite leg (docs/api.md, "Races are tested on PostgreSQL").
 */
import { ApiHost } from './test-api';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster';
import type { PostgresCluster } from './postgres-cluster';

/**
 * Runs `suite` against one API process over a throwaway PostgreSQL cluster. Without the server
 * binaries the suite is skipped with a loud warning, unless CREASE_REQUIRE_POSTGRES=1 (CI), where
 * that is a failure.
 */
export function describeOnPostgres(title: string, suite: (host: () => ApiHost) => void): void {
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CREASE_REQUIRE_POSTGRES === '1')
      throw new Error(
        'CREASE_REQUIRE_POSTGRES=1 but no PostgreSQL server binaries (initdb, pg_ctl) were found',
      );
    console.warn(
      `\n\n!!! PostgreSQL server binaries not found: the race suite "${title}" is skipped. !!!\n`,
    );
    describe.skip(`${title} [PostgreSQL]`, () => {
      it('needs PostgreSQL', () => undefined);
    });
    return;
  }
  describe(`${title} [PostgreSQL]`, () => {
    let cluster: PostgresCluster;
    let host: ApiHost;
    beforeAll(async () => {
      cluster = await startPostgresCluster(bin);
      host = await ApiHost.launch(await cluster.createDatabase('crease_test'));
    }, 120_000);
    afterAll(async () => {
      await host?.close();
      await cluster?.stop();
    }, 60_000);
    describe('on PostgreSQL', () => suite(() => host));
  });
}
