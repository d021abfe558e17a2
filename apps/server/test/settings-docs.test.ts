import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingNames } from '../src/config';

/** The settings the server reads (config.ts) and the two places that document them agree. */
const repoRoot = resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(resolve(repoRoot, file), 'utf8');

/** The variables of the README's settings table: the names in backquotes in its first column. */
function readmeTableNames(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('### Settings');
  expect(start, 'the README has a "### Settings" section').toBeGreaterThanOrEqual(0);
  const rows = readme
    .slice(start)
    .split('\n')
    .slice(1)
    .filter((line) => line.startsWith('|'));
  return rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!),
  );
}

describe('settings documentation', () => {
  it('.env.example lists every variable config.ts reads, and no other', () => {
    const listed = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
    expect([...new Set(listed)].sort()).toEqual([...settingNames].sort());
  });

  it("the README's settings table names only variables config.ts reads, and the operations ones", () => {
    const names = readmeTableNames();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(settingNames, `README names ${name}`).toContain(name);
    for (const name of [
      'SHUTDOWN_DRAIN_MS',
      'SHUTDOWN_GRACE_MS',
      'DATABASE_CONNECT_TIMEOUT_MS',
      'DATABASE_STATEMENT_TIMEOUT_MS',
    ]) {
      expect(names).toContain(name);
    }
  });
});
