/**
 * Layout of a scenario's Areas and their `links` (R8.2) as a graph: Areas on a circle, one edge
 * per link (`both` when it goes both ways). Drawn by the scenario form and the print sheet.
 */
import { asArray, asRecord, asString, asStrings, nameOf } from '../model/read';

/** Node positions and edges of the graph, pure so it can be tested. */
export function areaGraph(areas: unknown, size = 240): { nodes: { id: string; name: string; x: number; y: number }[]; edges: { from: string; to: string; both: boolean }[] } {
  const list = asArray(areas).map(asRecord).filter((a) => asString(a.id) !== '');
  const r = size / 2 - 40;
  const nodes = list.map((a, i) => {
    const angle = list.length === 1 ? 0 : (2 * Math.PI * i) / list.length - Math.PI / 2;
    return { id: asString(a.id), name: nameOf(a, asString(a.id)), x: size / 2 + (list.length === 1 ? 0 : r * Math.cos(angle)), y: size / 2 + (list.length === 1 ? 0 : r * Math.sin(angle)) };
  });
  const ids = new Set(nodes.map((n) => n.id));
  const linksOf = new Map(list.map((a) => [asString(a.id), asStrings(a.links)]));
  const edges: { from: string; to: string; both: boolean }[] = [];
  for (const [from, links] of linksOf) {
    for (const to of links) {
      if (!ids.has(to) || to === from) continue;
      const both = (linksOf.get(to) ?? []).includes(from);
      if (both && edges.some((e) => e.from === to && e.to === from)) continue;
      edges.push({ from, to, both });
    }
  }
  return { nodes, edges };
}
