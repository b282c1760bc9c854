import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { areaMap, gridOfPoints, layoutHint, linkSegment, MAX_MAP_COLUMNS } from '../../../src/shared/area-map';
import type { MapArea } from '../../../src/shared/area-map';

const cellOf = (m: ReturnType<typeof areaMap>, id: string): [number, number] => {
  const c = m.cells.find((x) => x.id === id)!;
  return [c.col, c.row];
};

/** The Drowned Foundry's Areas: the gate leads to the floor, the floor to the vault and the sluice. */
const FOUNDRY: MapArea[] = [
  { id: 'gate', links: ['foundry-floor'] },
  { id: 'foundry-floor', links: ['gate', 'sluice', 'reactor-vault'] },
  { id: 'reactor-vault', links: ['foundry-floor'] },
  { id: 'sluice', links: ['foundry-floor'] },
];

describe('the board map (issue 17, item 4)', () => {
  it('reads layout hints only when they are {x, y} numbers', () => {
    expect(layoutHint({ x: 10, y: 20 })).toEqual({ x: 10, y: 20 });
    expect(layoutHint({ x: 10 })).toBeUndefined();
    expect(layoutHint({ x: '1', y: 2 })).toBeUndefined();
    expect(layoutHint({ x: Infinity, y: 2 })).toBeUndefined();
    expect(layoutHint(null)).toBeUndefined();
    expect(layoutHint(7)).toBeUndefined();
  });

  it('without hints, lays the Areas out in columns of moves from the first Area', () => {
    const m = areaMap(FOUNDRY);
    expect(m.hinted).toBe(false);
    expect(cellOf(m, 'gate')).toEqual([0, 0]);
    expect(cellOf(m, 'foundry-floor')).toEqual([1, 0]);
    // Both are one move further from the gate: the same column, one above the other (visit order).
    expect(cellOf(m, 'sluice')).toEqual([2, 0]);
    expect(cellOf(m, 'reactor-vault')).toEqual([2, 1]);
    expect([m.cols, m.rows]).toEqual([3, 2]);
    expect(m.edges).toEqual([
      { from: 'gate', to: 'foundry-floor', both: true },
      { from: 'foundry-floor', to: 'sluice', both: true },
      { from: 'foundry-floor', to: 'reactor-vault', both: true },
    ]);
  });

  it('a one-way link is an edge that is not both ways (drawn as an arrow)', () => {
    const m = areaMap([
      { id: 'a', links: ['b'] },
      { id: 'b', links: [] },
    ]);
    expect(m.edges).toEqual([{ from: 'a', to: 'b', both: false }]);
  });

  it('when a move may reach any Area (links null), a square grid in scenario order, no edges', () => {
    const m = areaMap(['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, links: null })));
    expect(m.edges).toEqual([]);
    expect([m.cols, m.rows]).toEqual([3, 2]);
    expect(m.cells.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
    ]);
  });

  it('Areas not linked to the first one go below it, each group laid out alike', () => {
    const m = areaMap([
      { id: 'a', links: ['b'] },
      { id: 'b', links: ['a'] },
      { id: 'c', links: ['d'] },
      { id: 'd', links: ['c'] },
    ]);
    expect(m.cells.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
  });

  it('hints keep their arrangement: left stays left, lower stays lower', () => {
    const m = areaMap([
      { id: 'gate', links: ['floor'], layout: { x: 100, y: 500 } },
      { id: 'floor', links: ['gate', 'vault', 'sluice'], layout: { x: 500, y: 500 } },
      { id: 'vault', links: ['floor'], layout: { x: 500, y: 100 } },
      { id: 'sluice', links: ['floor'], layout: { x: 900, y: 520 } },
    ]);
    expect(m.hinted).toBe(true);
    expect(cellOf(m, 'vault')).toEqual([1, 0]);
    expect(cellOf(m, 'gate')).toEqual([0, 1]);
    expect(cellOf(m, 'floor')).toEqual([1, 1]);
    expect(cellOf(m, 'sluice')).toEqual([2, 1]);
  });

  it('a row of hints is one grid row; coinciding hints fall back to the automatic layout', () => {
    const row = areaMap(['a', 'b', 'c'].map((id, i) => ({ id, links: null, layout: { x: i * 300, y: 200 } })));
    expect(row.cells.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    const same = areaMap(['a', 'b'].map((id) => ({ id, links: null, layout: { x: 5, y: 5 } })));
    expect(same.hinted).toBe(false);
  });

  it('an Area without a hint goes next to the hinted Areas it links to', () => {
    const m = areaMap([
      { id: 'a', links: ['c'], layout: { x: 0, y: 0 } },
      { id: 'b', links: [], layout: { x: 1000, y: 0 } },
      { id: 'c', links: ['a'] },
    ]);
    expect(m.hinted).toBe(true);
    const [col, row] = cellOf(m, 'c');
    const [acol, arow] = cellOf(m, 'a');
    expect(Math.abs(col - acol) + Math.abs(row - arow)).toBe(1);
  });

  it('property: every Area gets a cell of its own inside the grid, whatever the hints', () => {
    const hint = fc.option(fc.record({ x: fc.integer({ min: -50, max: 1050 }), y: fc.integer({ min: -50, max: 1050 }) }), { nil: undefined });
    fc.assert(
      fc.property(fc.array(hint, { minLength: 1, maxLength: 12 }), fc.boolean(), (hints, linked) => {
        const areas: MapArea[] = hints.map((layout, i) => ({
          id: `a${i}`,
          links: linked ? [`a${(i + 1) % hints.length}`] : null,
          ...(layout ? { layout } : {}),
        }));
        const m = areaMap(areas);
        expect(m.cells.map((c) => c.id)).toEqual(areas.map((a) => a.id));
        const keys = new Set(m.cells.map((c) => `${c.col},${c.row}`));
        expect(keys.size).toBe(areas.length);
        for (const c of m.cells) {
          expect(c.col).toBeGreaterThanOrEqual(0);
          expect(c.col).toBeLessThan(m.cols);
          expect(c.row).toBeGreaterThanOrEqual(0);
          expect(c.row).toBeLessThan(m.rows);
        }
        // No empty column or row is left.
        expect(new Set(m.cells.map((c) => c.col)).size).toBe(m.cols);
        expect(new Set(m.cells.map((c) => c.row)).size).toBe(m.rows);
      }),
    );
  });

  it('hinted grids have at most MAX_MAP_COLUMNS columns before collisions push Areas down', () => {
    const m = gridOfPoints(Array.from({ length: 9 }, (_, i) => ({ id: `p${i}`, x: i * 100, y: 0 })));
    expect(m.cols).toBe(MAX_MAP_COLUMNS);
    expect(m.rows).toBeGreaterThanOrEqual(2);
    // The first row keeps the points' left-to-right order.
    const first = m.cells.filter((c) => c.row === 0).sort((a, b) => a.col - b.col).map((c) => Number(c.id.slice(1)));
    expect(first).toEqual([...first].sort((a, b) => a - b));
  });

  it('a link runs from border to border, shortened by the gap; overlapping cards have none', () => {
    const a = { x: 0, y: 0, width: 100, height: 50 };
    const b = { x: 200, y: 0, width: 100, height: 50 };
    expect(linkSegment(a, b)).toEqual({ x1: 100, y1: 25, x2: 200, y2: 25 });
    expect(linkSegment(a, b, 10)).toEqual({ x1: 110, y1: 25, x2: 190, y2: 25 });
    const below = { x: 0, y: 150, width: 100, height: 50 };
    expect(linkSegment(a, below)).toEqual({ x1: 50, y1: 50, x2: 50, y2: 150 });
    expect(linkSegment(a, { x: 50, y: 10, width: 100, height: 50 })).toBeNull();
    expect(linkSegment(a, a)).toBeNull();
  });
});
