import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkspaceFiles } from '../../../../src/main/services/workspace-files';
import { compareDiagnostics, validateFiles } from '../../../../src/shared/validation';

interface Expected {
  file: string;
  line: number;
  column: number;
  severity: string;
  code: string;
  /** A substring of the message. */
  message: string;
}

const root = join(__dirname, '..', '..', '..', 'fixtures', 'broken');
const cases = readdirSync(root).filter((n) => statSync(join(root, n)).isDirectory()).sort();

describe('broken-workspace corpus (tests/fixtures/broken)', () => {
  it('holds at least 30 broken cases', () => {
    expect(cases.filter((c) => c !== 'valid-workspace').length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('%s: exactly the expected diagnostics, at the expected places', async (name) => {
    const expected = JSON.parse(readFileSync(join(root, name, 'expected.json'), 'utf8')) as Expected[];
    const read = await readWorkspaceFiles(join(root, name));
    if (!read.ok) throw new Error(read.error.message);
    const files = read.value.files.filter((f) => f.path !== 'expected.json');
    const actual = [...read.value.diagnostics, ...validateFiles(files).diagnostics]
      .filter((d) => d.severity !== 'info')
      .sort(compareDiagnostics);
    expect(actual.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual(
      expected.map((e) => `${e.file}:${e.line}:${e.column} ${e.severity} ${e.code}`),
    );
    actual.forEach((d, i) => expect(d.message).toContain(expected[i].message));
    if (name !== 'valid-workspace') expect(expected.length).toBeGreaterThan(0);
  });
});
