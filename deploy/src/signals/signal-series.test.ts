/** @jest-environment node */
import { tempDir } from '../testing/release-fixtures';
import { MAX_SERIES_MINUTES, readCanarySeries } from './signal-series';
import { SignalStore } from './signal-store';

describe('a canary series', () => {
  it('has every minute from the start to the end, summed over processes, quiet minutes zero', () => {
    const registryDir = tempDir('crease-series-');
    let clock = new Date('2026-11-24T10:00:30.000Z');
    const stores = [0, 1].map(() => new SignalStore({ registryDir, now: () => clock }));
    const view = (store: SignalStore, version: string) =>
      store.record({ remote: 'mf-catalog', version, kind: 'view' });
    view(stores[0]!, 'c'); // 10:00, before the canary: not charted
    clock = new Date('2026-11-24T10:01:10.000Z');
    view(stores[0]!, 'c');
    view(stores[1]!, 'c');
    stores[1]!.record({ remote: 'mf-catalog', version: 'c', kind: 'crash' });
    view(stores[1]!, 's');
    clock = new Date('2026-11-24T10:03:59.000Z');
    view(stores[0]!, 's');
    stores.forEach((store) => store.flush());

    const series = readCanarySeries(registryDir, {
      remote: 'mf-catalog',
      canaryVersion: 'c',
      stableVersion: 's',
      since: new Date('2026-11-24T10:01:00.000Z'),
      until: new Date('2026-11-24T10:04:20.000Z'),
      now: new Date('2026-11-24T12:00:00.000Z'),
    });
    expect(series.map((m) => m.minute)).toEqual([
      '2026-11-24T10:01:00.000Z',
      '2026-11-24T10:02:00.000Z',
      '2026-11-24T10:03:00.000Z',
      '2026-11-24T10:04:00.000Z',
    ]);
    expect(series[0]).toMatchObject({
      canary: { views: 2, failures: 1, fallbacks: 0 },
      stable: { views: 1, failures: 0 },
    });
    expect(series[1]).toMatchObject({ canary: { views: 0 }, stable: { views: 0 } });
    expect(series[2]).toMatchObject({ canary: { views: 0 }, stable: { views: 1 } });
  });

  it('never runs past now, and shows at most the last day of a long canary', () => {
    const registryDir = tempDir('crease-series-');
    const now = new Date('2026-11-24T12:00:00.000Z');
    const series = readCanarySeries(registryDir, {
      remote: 'mf-catalog',
      canaryVersion: 'c',
      stableVersion: 's',
      since: new Date('2026-11-20T00:00:00.000Z'),
      now,
    });
    expect(series).toHaveLength(MAX_SERIES_MINUTES);
    expect(series.at(-1)!.minute).toBe(now.toISOString());
  });
});
