import { describe, expect, it } from 'vitest';
import { areaEdges, areaGraph, areaPositions, layoutHint } from '../../../../src/shared/print/area-layout';

describe('Area layout hints', () => {
  it('reads valid hints only', () => {
    expect(layoutHint({ layout: { x: 10, y: 20 } })).toEqual({ x: 10, y: 20 });
    expect(layoutHint({ layout: { x: 'a', y: 2 } })).toBeNull();
    expect(layoutHint({})).toBeNull();
  });
  it('places hinted Areas at their hint and the others on a circle, clear of the hints', () => {
    const p = areaPositions([{ id: 'a', layout: { x: 500, y: 150 } }, { id: 'b' }, { id: 'c' }]);
    expect(p[0]).toEqual({ id: 'a', name: 'a', x: 500, y: 150, hinted: true });
    for (const q of p.slice(1)) {
      expect(q.hinted).toBe(false);
      expect(Math.hypot(q.x - 500, q.y - 150)).toBeGreaterThanOrEqual(120);
      expect(q.x).toBeGreaterThanOrEqual(0);
      expect(q.x).toBeLessThanOrEqual(1000);
    }
    expect(new Set(p.map((q) => `${q.x},${q.y}`)).size).toBe(3);
  });
  it('the print drawing keeps the hints’ proportions inside its box', () => {
    const g = areaGraph([{ id: 'a', layout: { x: 0, y: 0 } }, { id: 'b', layout: { x: 1000, y: 0 } }, { id: 'c', layout: { x: 500, y: 500 } }], 240);
    expect(g.nodes.map((n) => [Math.round(n.x), Math.round(n.y)])).toEqual([[40, 80], [200, 80], [120, 160]]);
  });
  it('edges: one per pair, both ways marked', () => {
    expect(areaEdges([{ id: 'a', links: ['b', 'b'] }, { id: 'b', links: ['a'] }, { id: 'c', links: ['a'] }])).toEqual([
      { from: 'a', to: 'b', both: true },
      { from: 'c', to: 'a', both: false },
    ]);
  });
});
