/**
 * The index of docs/decisions/, made from the records themselves so that it cannot drift: a
 * record's number and title come from its first line (`# NNN: Title`), and its status from the
 * blockquote under it (`> Superseded by decision NNN…` or `> Superseded in part by…`, also
 * written "Partly superseded by…"). `npm run decisions:index` rewrites the index;
 * decision-index.test.ts fails when the committed one is stale or a record breaks the template.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const INDEX_FILE = 'README.md';
export const TEMPLATE_FILE = 'TEMPLATE.md';
const RECORD_NAME = /^(\d{3})-[a-z0-9-]+\.md$/;
const TITLE_LINE = /^# (\d{3}): (.+)$/;

/** One record's entry in the index, or a problem with the record. */
export function readRecord(fileName, text) {
  const name = RECORD_NAME.exec(fileName);
  if (!name) return { problem: `${fileName}: a record is named NNN-words-with-dashes.md` };
  const lines = text.split('\n');
  const title = TITLE_LINE.exec(lines[0] ?? '');
  if (!title) return { problem: `${fileName}: the first line must be "# NNN: Title"` };
  if (title[1] !== name[1])
    return { problem: `${fileName}: the title's number ${title[1]} is not the file's` };
  const quote = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '' && quote.length === 0) continue;
    if (!line.startsWith('>')) break;
    quote.push(line.slice(1).trim());
  }
  const note = quote.join(' ');
  const superseded =
    /(partly superseded|superseded in part|superseded) by decisions? ([\d ,and]+)/i.exec(note);
  const by = superseded ? [...superseded[2].matchAll(/\d{3}/g)].map((m) => m[0]) : [];
  const status = !superseded
    ? 'accepted'
    : /partly|in part/i.test(superseded[1])
      ? 'superseded in part'
      : 'superseded';
  return { number: name[1], file: fileName, title: title[2].trim(), status, supersededBy: by };
}

/** Every record in `dir` (the index and the template aside), in number order, and any problems. */
export function readRecords(dir) {
  const records = [];
  const problems = [];
  const seen = new Map();
  for (const file of readdirSync(dir).sort()) {
    if (file === INDEX_FILE || file === TEMPLATE_FILE || !file.endsWith('.md')) continue;
    const record = readRecord(file, readFileSync(path.join(dir, file), 'utf8'));
    if (record.problem) {
      problems.push(record.problem);
      continue;
    }
    if (seen.has(record.number))
      problems.push(`${file}: number ${record.number} is also ${seen.get(record.number)}`);
    seen.set(record.number, file);
    records.push(record);
  }
  for (const record of records)
    for (const by of record.supersededBy)
      if (!seen.has(by)) problems.push(`${record.file}: superseded by ${by}, which does not exist`);
  return { records, problems };
}

const cell = (text) => text.replaceAll('|', '\\|');

/** The index page's whole text. */
export function renderIndex(records) {
  const rows = records.map((r) => {
    const by = r.supersededBy.map((n) => `[${n}](${records.find((x) => x.number === n)?.file})`);
    return `| ${r.number} | [${cell(r.title)}](${r.file}) | ${r.status} | ${by.join(', ')} |`;
  });
  return [
    '# Decisions',
    '',
    'Every choice the code makes that a reader could question, one record each, numbered in the',
    'order they were taken. A record is never edited to say something else: a later record',
    'supersedes it, and the earlier one gains a `> Superseded by decision NNN` note under its title.',
    `New records start from [the template](${TEMPLATE_FILE}). This page is made by`,
    '`npm run decisions:index` from the records; `shared/lint/src/decision-index.test.ts` fails',
    'when it is stale.',
    '',
    '| # | decision | status | superseded by |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
