import { afterAll, describe, expect, it } from 'vitest';
import { applyEdit, cli, tempCopy, validateJson, where } from './acceptance-helpers';
import { BROKEN_CASES } from './broken-cases';

const KEYS = ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message'];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('acceptance: every mistake in fresh content is reported exactly (CLI, text and JSON)', () => {
  it('holds a broad corpus', () => {
    expect(BROKEN_CASES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(BROKEN_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const ws = await tempCopy(c.fixture);
    cleanups.push(ws.done);
    for (const edit of c.edits) await applyEdit(ws.root, edit);
    const { code, report } = await validateJson(ws.root);
    expect(Object.keys(report)).toEqual(['files', 'errors', 'warnings']);
    const all = [...report.errors, ...report.warnings];
    for (const d of all) {
      expect(Object.keys(d).sort()).toEqual([...KEYS].sort());
      expect(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column)).toBe(true);
      expect(d.message).not.toMatch(/[\n\r]/);
    }
    const sorted = [...all].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
    expect(sorted.map(where)).toEqual(c.expect.map((x) => x[0]));
    sorted.forEach((d, i) => expect(d.message).toContain(c.expect[i][1]));
    expect(code).toBe(report.errors.length > 0 ? 1 : 0);
    const text = await cli(['validate', ws.root]);
    expect(text.code).toBe(code);
    const lines = text.out.filter((l) => l !== '' && !/ info /.test(l));
    expect(lines).toEqual(sorted.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`));
  });
});
