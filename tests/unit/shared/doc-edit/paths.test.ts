import { describe, expect, it } from 'vitest';
import { lineColOf, offsetOf, parseForEdit, pathAtOffset, placeDiagnostics } from '../../../../src/shared/doc-edit';
import type { Diagnostic } from '../../../../src/shared/diagnostics';
import { CREW, SCENARIO } from './fixtures';

function doc(text: string) {
  const p = parseForEdit(text);
  if (!p.ok) throw new Error(p.problem.message);
  return p.document;
}

describe('positions and paths', () => {
  it('line/column and offsets are inverse', () => {
    for (const offset of [0, 5, 40, 200, CREW.length]) {
      const { line, column } = lineColOf(CREW, offset);
      expect(offsetOf(CREW, line, column)).toBe(offset);
    }
    expect(offsetOf(CREW, 999, 1)).toBe(CREW.length);
  });

  it('finds the node under a position, in block and flow collections', () => {
    const d = doc(CREW);
    expect(pathAtOffset(d, CREW.indexOf('d10'))).toEqual(['members', 0, 'die']);
    expect(pathAtOffset(d, CREW.indexOf('rust-cannon'))).toEqual(['members', 0, 'equipment', 0]);
    expect(pathAtOffset(d, CREW.indexOf('Held the gate'))).toEqual(['members', 0, 'history', 0, 'text']);
    expect(pathAtOffset(d, CREW.indexOf('Never sleeps'))).toEqual(['members', 1, 'text']);
    expect(pathAtOffset(d, 0)).toEqual([]);
    const s = doc(SCENARIO);
    expect(pathAtOffset(s, SCENARIO.indexOf('[foundry]') + 1)).toEqual(['areas', 1, 'links', 0]);
  });

  it('a key of a collection means the collection; a key of a scalar means its map', () => {
    const d = doc(CREW);
    expect(pathAtOffset(d, CREW.indexOf('history:'))).toEqual(['members', 0, 'history']);
    expect(pathAtOffset(d, CREW.indexOf('die: d10'))).toEqual(['members', 0]);
  });

  it('places diagnostics at the longest path a form shows', () => {
    const d = (m: string): Diagnostic => ({ file: 'f', line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', code: 'schema', message: m });
    const placed = placeDiagnostics(
      new Map([
        ['members.0.die', [d('a')]],
        ['members.0.weird.deep', [d('b')]],
        ['nothing', [d('c')]],
      ]),
      ['members', 'members.*', 'members.*.die'],
    );
    expect(placed.get('members.0.die')!.map((x) => x.message)).toEqual(['a']);
    expect(placed.get('members.0')!.map((x) => x.message)).toEqual(['b']);
    expect(placed.get('')!.map((x) => x.message)).toEqual(['c']);
  });
});
