import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdit, minimalEdit, positionAt } from '../../../../src/renderer/src/state/text-diff';

describe('minimalEdit', () => {
  it('replaces only the changed middle', () => {
    expect(minimalEdit('die: d10\n', 'die: d7\n')).toEqual({ start: 6, end: 8, text: '7' });
    expect(minimalEdit('abc', 'abc')).toBeNull();
    expect(minimalEdit('', 'x')).toEqual({ start: 0, end: 0, text: 'x' });
    expect(minimalEdit('aaa', 'aa')).toEqual({ start: 2, end: 3, text: '' });
  });

  it('never splits a surrogate pair', () => {
    const e = minimalEdit('a😀b', 'a😁b')!;
    expect(e.start).toBe(1);
    expect(e.end).toBe(3);
    expect(e.text).toBe('😁');
  });

  it('round-trips any pair of texts (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const e = minimalEdit(a, b);
        expect(e === null ? a : applyEdit(a, e)).toBe(b);
        if (e) expect(e.end - e.start + e.text.length).toBeLessThanOrEqual(a.length + b.length);
      }),
    );
  });
});

describe('positionAt', () => {
  it('gives 1-based line and column', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
