/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { SURGE_RUN } from '../testing/surge-run';
import { renderCapacityDoc } from './capacity-doc';
import { CAPACITY_DOC, REPO_ROOT, buildReport, capacityDocText } from './report';

describe('docs/capacity.md', () => {
  const report = buildReport();

  it('is what npm run capacity writes from the model and the measured file (not stale)', async () => {
    const committed = fs.readFileSync(path.join(REPO_ROOT, CAPACITY_DOC), 'utf8');
    expect(committed).toBe(await capacityDocText(report));
  });

  it('quotes the measured input with its date, machine and load', () => {
    const doc = renderCapacityDoc(report);
    const m = report.measured;
    expect(doc).toContain(m.measuredAt);
    expect(doc).toContain(
      `${m.machine.cores} cores, load average ${m.machine.loadavg.join(' / ')}`,
    );
  });

  it('says the figures are provisional until a surge run replaces them', () => {
    const provisional = renderCapacityDoc({
      ...report,
      measured: { ...SURGE_RUN, source: 'provisional' },
    });
    expect(provisional).toMatch(/\*\*Provisional\.\*\*/);
    const surge = renderCapacityDoc({ ...report, measured: SURGE_RUN });
    expect(surge).not.toMatch(/Provisional/);
  });

  it('has a column per tier and states what breaks first at each', () => {
    const doc = renderCapacityDoc(report);
    expect(doc).toContain('| 10k viewers | 1M viewers | 10M viewers |');
    for (const tier of ['10k', '1M', '10M']) expect(doc).toContain(`### ${tier} viewers`);
    for (const words of ['bitrate ladder', 'segment / part', 'CDN cache hit rate'])
      expect(doc).toContain(words);
  });
});
