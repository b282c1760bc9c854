/**
 * Layout of a scenario's Areas and their `links` (R8.2) as a graph, shared by the scenario
 * form's map editor, the print sheet and the Play board. An Area's optional `layout: {x, y}` is
 * its centre in canvas units (origin top-left, x right, y down, typically 0–1000); Areas without
 * one are placed automatically on a circle, clear of the hinted ones. Pure.
 */
import { asArray, asNumber, asRecord, asString, asStrings, nameOf } from '../model/read';

/** The canvas the hints are written in: 0..CANVAS on both axes is the usual range. */
export const CANVAS = 1000;

/** One Area on the canvas: its centre, and whether the position came from its `layout` hint. */
export interface AreaPosition {
  id: string;
  name: string;
  x: number;
  y: number;
  hinted: boolean;
}

/** One link between two Areas; `both` when each lists the other (drawn once, without arrows). */
export interface AreaEdge {
  from: string;
  to: string;
  both: boolean;
}

/** The layout hint of an Area, when it has a valid one. */
export function layoutHint(area: unknown): { x: number; y: number } | null {
  const l = asRecord(asRecord(area).layout);
  const x = asNumber(l.x);
  const y = asNumber(l.y);
  return x === undefined || y === undefined ? null : { x, y };
}

/**
 * Every Area with an id, at its hint or an automatic place: slot i of n on an ellipse around the
 * canvas centre (wider than tall, as maps are shown), turned until it is at least 120 units from
 * every hinted Area (when it can be).
 */
export function areaPositions(areas: unknown): AreaPosition[] {
  const list = asArray(areas).map(asRecord).filter((a) => asString(a.id) !== '');
  const hinted = list.map(layoutHint);
  const fixed = hinted.filter((h): h is { x: number; y: number } => h !== null);
  const n = list.length;
  const c = CANVAS / 2;
  const rx = CANVAS * 0.38;
  const ry = CANVAS * 0.25;
  return list.map((a, i) => {
    const hint = hinted[i];
    const base = { id: asString(a.id), name: nameOf(a, asString(a.id)) };
    if (hint) return { ...base, ...hint, hinted: true };
    if (n === 1) return { ...base, x: c, y: c, hinted: false };
    let at = { x: c, y: c };
    for (let turn = 0; turn < 12; turn++) {
      const angle = (2 * Math.PI * (i + turn / 12)) / n - Math.PI / 2;
      at = { x: Math.round(c + rx * Math.cos(angle)), y: Math.round(c + ry * Math.sin(angle)) };
      if (fixed.every((f) => Math.hypot(f.x - at.x, f.y - at.y) >= 120)) break;
    }
    return { ...base, ...at, hinted: false };
  });
}

/** The links between existing Areas, each pair once; `both` when it goes both ways. */
export function areaEdges(areas: unknown): AreaEdge[] {
  const list = asArray(areas).map(asRecord).filter((a) => asString(a.id) !== '');
  const ids = new Set(list.map((a) => asString(a.id)));
  const linksOf = new Map(list.map((a) => [asString(a.id), asStrings(a.links)]));
  const edges: AreaEdge[] = [];
  for (const [from, links] of linksOf) {
    for (const to of links) {
      if (!ids.has(to) || to === from) continue;
      const both = (linksOf.get(to) ?? []).includes(from);
      if (both && edges.some((e) => e.from === to && e.to === from)) continue;
      if (edges.some((e) => e.from === from && e.to === to)) continue;
      edges.push({ from, to, both });
    }
  }
  return edges;
}

/**
 * Node positions fitted into a `size` × `size` box (40 units of margin) and the edges: the
 * small drawings of the print sheet. Follows the layout hints, keeping their proportions.
 */
export function areaGraph(areas: unknown, size = 240): { nodes: { id: string; name: string; x: number; y: number }[]; edges: AreaEdge[] } {
  const placed = areaPositions(areas);
  const margin = 40;
  if (placed.length === 1) return { nodes: [{ id: placed[0].id, name: placed[0].name, x: size / 2, y: size / 2 }], edges: areaEdges(areas) };
  const xs = placed.map((p) => p.x);
  const ys = placed.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const span = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY, 1);
  const scale = (size - 2 * margin) / span;
  const offX = (size - (Math.max(...xs) - minX) * scale) / 2;
  const offY = (size - (Math.max(...ys) - minY) * scale) / 2;
  const nodes = placed.map((p) => ({ id: p.id, name: p.name, x: offX + (p.x - minX) * scale, y: offY + (p.y - minY) * scale }));
  return { nodes, edges: areaEdges(areas) };
}
