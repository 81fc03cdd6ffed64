import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INDEX_FILE, readRecord, readRecords, renderIndex } from './decision-index.mjs';

const DIR = path.resolve(__dirname, '../../../docs/decisions');

describe('the decisions index', () => {
  it('lists every record as it is now (npm run decisions:index rewrites it)', () => {
    const { records, problems } = readRecords(DIR);
    expect(problems).toEqual([]);
    expect(readFileSync(path.join(DIR, INDEX_FILE), 'utf8')).toBe(renderIndex(records));
  });

  it('reads a superseded record and one superseded in part from the note under the title', () => {
    expect(
      readRecord('032-a.md', '# 032: A\n\n> Partly superseded by decision 060: the trail.\n'),
    ).toMatchObject({ status: 'superseded in part', supersededBy: ['060'] });
    expect(
      readRecord('111-b.md', '# 111: B\n\n> Superseded by decisions 215 and 216.\n\n## Context'),
    ).toMatchObject({ status: 'superseded', supersededBy: ['215', '216'] });
    expect(
      readRecord('200-c.md', '# 200: C\n\n## Context\n\nSuperseded by decision 9.'),
    ).toMatchObject({ status: 'accepted', supersededBy: [] });
  });

  it('names a record that breaks the template', () => {
    expect(readRecord('7-x.md', '# 7: X').problem).toMatch(/NNN-words/);
    expect(readRecord('301-x.md', '# 302: X').problem).toMatch(/not the file/);
    expect(readRecord('301-x.md', 'Title').problem).toMatch(/first line/);
  });
});
