/** @jest-environment node */
import { CatalogReadCache } from './read-cache';

/** A load the test resolves by hand, counting calls. */
function loads() {
  const pending: ((value: unknown) => void)[] = [];
  const load = jest.fn(() => new Promise<unknown>((resolve) => pending.push(resolve)));
  return { load, resolveNext: (value: unknown) => pending.shift()!(value) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('CatalogReadCache with a time limit (PostgreSQL, decision 087)', () => {
  let now = 1_000_000;
  // The cache's lifetime is real time (monotonicMs), moved here by hand.
  beforeEach(() => {
    jest.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('past half its life, answers the entry at once while one read refreshes it ahead', async () => {
    const cache = new CatalogReadCache(1000);
    const { load, resolveNext } = loads();
    const first = cache.get('k', load);
    resolveNext({ v: 1 });
    expect(JSON.parse((await first).body)).toEqual({ v: 1 });

    now += 600; // past half the limit, before the limit
    const stale = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(stale.map((entry) => JSON.parse(entry.body))).toEqual([{ v: 1 }, { v: 1 }]);
    expect(load).toHaveBeenCalledTimes(2); // one refresh for both callers
    resolveNext({ v: 2 });
    await flush();
    expect(JSON.parse((await cache.get('k', load)).body)).toEqual({ v: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never serves an entry older than the limit, nor anything read before a write', async () => {
    const cache = new CatalogReadCache(1000);
    const { load, resolveNext } = loads();
    const first = cache.get('k', load);
    resolveNext({ v: 1 });
    await first;

    now += 1000;
    let answered = false;
    const waiting = cache.get('k', load).then((entry) => {
      answered = true;
      return entry;
    });
    await flush();
    expect(answered).toBe(false); // waits for the read
    resolveNext({ v: 2 });
    expect(JSON.parse((await waiting).body)).toEqual({ v: 2 });

    now += 100;
    cache.invalidate(); // a write in this process
    const afterWrite = cache.get('k', load);
    resolveNext({ v: 3 });
    expect(JSON.parse((await afterWrite).body)).toEqual({ v: 3 });
  });

  it('without a time limit (PGlite) an entry lives until the next write', async () => {
    const cache = new CatalogReadCache(null);
    const { load, resolveNext } = loads();
    const first = cache.get('k', load);
    resolveNext({ v: 1 });
    await first;
    now += 60_000;
    expect(JSON.parse((await cache.get('k', load)).body)).toEqual({ v: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
