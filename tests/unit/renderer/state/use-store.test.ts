import { describe, expect, it } from 'vitest';
import { shallowEqual } from '../../../../src/renderer/src/state/use-store';

describe('shallowEqual (useStoreSelector default)', () => {
  it('is equal for the same value, or arrays / objects of the same items one level deep', () => {
    const tab = { path: 'a', dirty: true };
    expect(shallowEqual(1, 1)).toBe(true);
    expect(shallowEqual(NaN, NaN)).toBe(true);
    expect(shallowEqual([tab, 'x'], [tab, 'x'])).toBe(true);
    expect(shallowEqual({ a: tab, b: null }, { a: tab, b: null })).toBe(true);
  });
  it('differs on another item, another length, another key, or a nested copy', () => {
    expect(shallowEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(shallowEqual([1, 2], [1, 3])).toBe(false);
    expect(shallowEqual({ a: 1 }, { b: 1 } as unknown as { a: number })).toBe(false);
    expect(shallowEqual({ a: 1 }, { a: 1, b: 2 } as { a: number })).toBe(false);
    expect(shallowEqual({ a: { x: 1 } }, { a: { x: 1 } })).toBe(false);
    expect(shallowEqual<unknown>([], {})).toBe(false);
    expect(shallowEqual<unknown>(null, {})).toBe(false);
  });
});
