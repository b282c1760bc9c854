import { describe, expect, it } from 'vitest';
import { searchWorkspace } from '../../../../src/shared/language/search';

const texts = { 'b.yaml': 'name: Gate\nlinks: [gate, gatehouse]\n', 'a.yaml': 'id: gate\n' };

describe('search across the workspace', () => {
  it('finds every match by file and line, files sorted, case-insensitive by default', () => {
    const r = searchWorkspace(texts, 'gate');
    expect(r.ok && r.value.files.map((f) => [f.file, f.matches.map((m) => `${m.line}:${m.column}`)])).toEqual([
      ['a.yaml', ['1:5']],
      ['b.yaml', ['1:7', '2:9', '2:15']],
    ]);
  });
  it('honours match case, whole word and regular expressions', () => {
    const count = (q: string, o = {}) => {
      const r = searchWorkspace(texts, q, o);
      return r.ok ? r.value.total : -1;
    };
    expect(count('Gate', { matchCase: true })).toBe(1);
    expect(count('gate', { wholeWord: true })).toBe(3);
    expect(count('gate(house)?\\b', { regex: true, matchCase: true })).toBe(3);
    const bad = searchWorkspace(texts, '(', { regex: true });
    expect(!bad.ok && bad.error.code).toBe('search/regex');
  });
  it('stops at the limit and says so', () => {
    const r = searchWorkspace(texts, 'a', { limit: 2 });
    expect(r.ok && [r.value.total, r.value.truncated]).toEqual([2, true]);
  });
});
