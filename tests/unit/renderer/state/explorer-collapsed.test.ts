import { describe, expect, it } from 'vitest';
import { collapsedKey, readCollapsed, writeCollapsed } from '../../../../src/renderer/src/state/explorer-collapsed';

const memory = () => {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('explorer-collapsed', () => {
  it('remembers the closed groups per workspace root', () => {
    const s = memory();
    writeCollapsed(s, '/ws/a', new Set(['scenario', 'crew']));
    expect(s.map.get(collapsedKey('/ws/a'))).toBe('["crew","scenario"]');
    expect([...readCollapsed(s, '/ws/a')]).toEqual(['crew', 'scenario']);
    expect(readCollapsed(s, '/ws/b').size).toBe(0);
    writeCollapsed(s, '/ws/a', new Set());
    expect(readCollapsed(s, '/ws/a').size).toBe(0);
  });

  it('ignores a bad stored value and a storage that throws', () => {
    const s = memory();
    for (const bad of ['{', '"crew"', '{"crew":true}', 'null', '[1,"crew",null]']) {
      s.map.set(collapsedKey('/ws'), bad);
      expect([...readCollapsed(s, '/ws')], bad).toEqual(bad.startsWith('[') ? ['crew'] : []);
    }
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readCollapsed(broken, '/ws').size).toBe(0);
    expect(() => writeCollapsed(broken, '/ws', new Set(['crew']))).not.toThrow();
    expect(readCollapsed(undefined, '/ws').size).toBe(0);
  });
});
