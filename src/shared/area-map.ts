/**
 * The Play board's map (issue 17, item 4): the grid cell of each Area card and the links drawn
 * between them. Areas with layout hints (`layout: {x, y}`: the Area's centre in canvas units,
 * origin top-left, x right, y down) keep their arrangement, quantised to grid cells so cards of
 * any height never overlap. Without hints the layout is automatic: layered along the links from
 * the first Area (column = number of moves from it), or a square grid in scenario order when a
 * move may reach any Area (R8.2). Links are the scenario graph's edges (`areaGraph`), one-way
 * ones drawn as arrows. Pure.
 */
import { areaGraph } from './print/area-layout';

/** A point in canvas units. */
export interface MapPoint {
  x: number;
  y: number;
}

/** One Area as the map needs it. */
export interface MapArea {
  id: string;
  name?: string;
  /** Allowed destinations, or null when any Area may be reached (R8.2). */
  links: readonly string[] | null;
  /** The scenario's layout hint, if any. */
  layout?: MapPoint;
}

/** The grid cell of one Area (0-based). */
export interface MapCell {
  id: string;
  col: number;
  row: number;
}

/** A link between two Areas; `both` when each lists the other (drawn without an arrow). */
export interface MapEdge {
  from: string;
  to: string;
  both: boolean;
}

/** The laid-out map. */
export interface AreaMap {
  /** One cell per Area, in scenario order. */
  cells: MapCell[];
  cols: number;
  rows: number;
  edges: MapEdge[];
  /** True when the layout hints placed (some of) the Areas, false for the automatic layout. */
  hinted: boolean;
}

/** Most grid columns a hinted layout is quantised to (more Areas wrap to further rows). */
export const MAX_MAP_COLUMNS = 5;

/** A layout hint read from anything (a document's `layout`), or undefined when it is not `{x, y}` numbers. */
export function layoutHint(v: unknown): MapPoint | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const { x, y } = v as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined;
}

const key = (col: number, row: number): string => `${col},${row}`;

/** Places `want` at the free cell nearest to it (same distance: fewer rows down, then left first); rows may grow. */
function nearestFree(taken: Set<string>, want: { col: number; row: number }, cols: number): { col: number; row: number } {
  if (!taken.has(key(want.col, want.row))) return want;
  let best: { col: number; row: number; d: number } | null = null;
  const maxRow = want.row + taken.size + 1;
  for (let row = 0; row <= maxRow; row++)
    for (let col = 0; col < cols; col++) {
      if (taken.has(key(col, row))) continue;
      const d = (col - want.col) ** 2 + (row - want.row) ** 2;
      if (best === null || d < best.d) best = { col, row, d };
    }
  return best ?? { col: 0, row: maxRow + 1 };
}

/** Drops empty rows and columns, keeping the order of the rest. */
function compact(cells: MapCell[]): { cells: MapCell[]; cols: number; rows: number } {
  const cols = [...new Set(cells.map((c) => c.col))].sort((a, b) => a - b);
  const rows = [...new Set(cells.map((c) => c.row))].sort((a, b) => a - b);
  return {
    cells: cells.map((c) => ({ id: c.id, col: cols.indexOf(c.col), row: rows.indexOf(c.row) })),
    cols: Math.max(1, cols.length),
    rows: Math.max(1, rows.length),
  };
}

/**
 * Grid cells for points in canvas units: the grid's shape follows the points' spread (at most
 * {@link MAX_MAP_COLUMNS} columns), each point goes to its nearest cell, and a point whose cell
 * is taken moves to the nearest free one. Empty rows and columns are dropped.
 */
export function gridOfPoints(points: readonly (MapPoint & { id: string })[]): { cells: MapCell[]; cols: number; rows: number } {
  const n = points.length;
  if (n === 0) return { cells: [], cols: 1, rows: 1 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const [rx, ry] = [Math.max(...xs) - x0, Math.max(...ys) - y0];
  const cap = Math.min(n, MAX_MAP_COLUMNS);
  const cols = rx === 0 ? 1 : ry === 0 ? cap : Math.min(cap, Math.max(1, Math.ceil(Math.sqrt((n * rx) / ry))));
  const rows = ry === 0 ? 1 : rx === 0 ? n : Math.min(n, Math.max(1, Math.ceil(Math.sqrt((n * ry) / rx))));
  const taken = new Set<string>();
  const cells = points.map((p) => {
    const want = {
      col: rx === 0 ? 0 : Math.round(((p.x - x0) / rx) * (cols - 1)),
      row: ry === 0 ? 0 : Math.round(((p.y - y0) / ry) * (rows - 1)),
    };
    const at = nearestFree(taken, want, cols);
    taken.add(key(at.col, at.row));
    return { id: p.id, ...at };
  });
  return compact(cells);
}

/** The automatic layout: layered along `edges` from the first Area, or a square grid when there are none. */
function autoCells(ids: readonly string[], edges: readonly MapEdge[]): MapCell[] {
  if (edges.length === 0) {
    const cols = Math.max(1, Math.ceil(Math.sqrt(ids.length)));
    return ids.map((id, i) => ({ id, col: i % cols, row: Math.floor(i / cols) }));
  }
  const next = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const e of edges) {
    next.get(e.from)?.push(e.to);
    next.get(e.to)?.push(e.from);
  }
  const cells = new Map<string, MapCell>();
  let rowBase = 0;
  for (const start of ids) {
    if (cells.has(start)) continue;
    // One connected group of Areas: breadth first, a column per move, rows in visit order.
    const used = new Map<number, number>();
    const queue: [string, number][] = [[start, 0]];
    const seen = new Set([start]);
    while (queue.length > 0) {
      const [id, col] = queue.shift()!;
      const row = used.get(col) ?? 0;
      used.set(col, row + 1);
      cells.set(id, { id, col, row: rowBase + row });
      for (const to of next.get(id) ?? [])
        if (!seen.has(to)) {
          seen.add(to);
          queue.push([to, col + 1]);
        }
    }
    rowBase += Math.max(...used.values());
  }
  return ids.map((id) => cells.get(id)!);
}

/** The map of `areas`: hints where given (see {@link gridOfPoints}), the automatic layout otherwise. */
export function areaMap(areas: readonly MapArea[]): AreaMap {
  const graph = areaGraph(areas.map((a) => ({ id: a.id, name: a.name ?? a.id, links: a.links ?? [] })));
  const edges = graph.edges;
  const ids = areas.map((a) => a.id);
  const hinted = areas.filter((a) => a.layout !== undefined) as (MapArea & { layout: MapPoint })[];
  const spread = hinted.some((a) => a.layout.x !== hinted[0]!.layout.x || a.layout.y !== hinted[0]!.layout.y);
  if (hinted.length === 0 || (hinted.length > 1 && !spread) || (hinted.length === 1 && areas.length > 1)) {
    return { ...compact(autoCells(ids, edges)), edges, hinted: false };
  }
  const grid = gridOfPoints(hinted.map((a) => ({ id: a.id, ...a.layout })));
  const placed = new Map(grid.cells.map((c) => [c.id, c]));
  const taken = new Set(grid.cells.map((c) => key(c.col, c.row)));
  // Areas without a hint go next to the Areas they link to, else to the first free cell.
  for (const a of areas) {
    if (placed.has(a.id)) continue;
    const near = edges
      .filter((e) => e.from === a.id || e.to === a.id)
      .map((e) => placed.get(e.from === a.id ? e.to : e.from))
      .filter((c): c is MapCell => c !== undefined);
    const want =
      near.length > 0
        ? {
            col: Math.round(near.reduce((t, c) => t + c.col, 0) / near.length),
            row: Math.round(near.reduce((t, c) => t + c.row, 0) / near.length),
          }
        : { col: 0, row: 0 };
    const at = nearestFree(taken, want, Math.max(grid.cols, 1));
    taken.add(key(at.col, at.row));
    placed.set(a.id, { id: a.id, ...at });
  }
  return { ...compact(ids.map((id) => placed.get(id)!)), edges, hinted: true };
}

/** A rectangle in pixels (top-left corner and size). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line segment. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The segment joining the centres of `a` and `b`, cut at both rectangles' borders and shortened by
 * `gap` at each end (room for an arrowhead), or null when the rectangles overlap or touch.
 */
export function linkSegment(a: Rect, b: Rect, gap = 0): Segment | null {
  const [ax, ay] = [a.x + a.width / 2, a.y + a.height / 2];
  const [bx, by] = [b.x + b.width / 2, b.y + b.height / 2];
  const [dx, dy] = [bx - ax, by - ay];
  const length = Math.hypot(dx, dy);
  if (length === 0) return null;
  /** Fraction of the centre-to-centre line inside a rectangle of half-size (w, h). */
  const inside = (w: number, h: number): number =>
    Math.min(dx === 0 ? Infinity : w / Math.abs(dx), dy === 0 ? Infinity : h / Math.abs(dy));
  const ta = inside(a.width / 2, a.height / 2) + gap / length;
  const tb = inside(b.width / 2, b.height / 2) + gap / length;
  if (ta + tb >= 1) return null;
  return { x1: ax + dx * ta, y1: ay + dy * ta, x2: bx - dx * tb, y2: by - dy * tb };
}
