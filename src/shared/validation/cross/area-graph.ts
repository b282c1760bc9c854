/**
 * The Areas of a scenario as the engine moves between them (R8.2): from an Area that lists
 * `links` a move must follow one of them; from an Area without `links` a member may move to
 * any other Area. Warns about dead ends (an Area a member can enter but never leave back the
 * way it came) and objectives no side can reach from where it deploys.
 */
import type { CrossContext } from './context';
import { asArr, asObj, asStr } from './context';

/** Where a member may move from each Area (R8.2), by Area id. */
export function moveGraph(areas: readonly unknown[]): Map<string, string[]> {
  const ids = areas.map((a) => asStr(asObj(a).id)).filter((x): x is string => x !== null);
  const graph = new Map<string, string[]>();
  for (const a of areas) {
    const id = asStr(asObj(a).id);
    if (id === null || graph.has(id)) continue;
    const links = asObj(a).links;
    graph.set(id, Array.isArray(links) ? [...new Set(links.filter((l): l is string => typeof l === 'string' && l !== id && ids.includes(l)))] : ids.filter((x) => x !== id));
  }
  return graph;
}

/** Every Area reachable from `starts` by moves (the starts included). */
export function reachable(graph: ReadonlyMap<string, readonly string[]>, starts: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts].filter((s) => graph.has(s));
  while (todo.length) {
    const a = todo.pop()!;
    if (seen.has(a)) continue;
    seen.add(a);
    for (const b of graph.get(a) ?? []) if (!seen.has(b)) todo.push(b);
  }
  return seen;
}

const SCORED_IN_AREA = new Set(['interact', 'reach', 'control']);

/** Dead ends and unreachable objectives of a scenario (warnings: the scenario still plays). */
export function checkAreaGraph(ctx: CrossContext, data: Record<string, unknown>, me: string): void {
  const areas = asArr(data.areas);
  const graph = moveGraph(areas);
  const linkLists = areas.map((a) => asObj(a).links).filter(Array.isArray);
  if (linkLists.length === 0) return;
  // A link to an unknown Area is an `unknown-ref` already; judging the graph without it would repeat it.
  if (linkLists.some((l) => l.some((x) => typeof x !== 'string' || !graph.has(x)))) return;
  const sides = asArr(data.sides).map(asObj);
  const startsOf = (s: Record<string, unknown>): string[] => [asStr(s.deploy), ...Object.values(asObj(s.deployMembers)).map(asStr)].filter((x): x is string => x !== null);
  // Only Areas a member can actually stand in matter (every Area when nobody deploys yet).
  const deployed = sides.flatMap(startsOf).filter((a) => graph.has(a));
  const occupied = deployed.length > 0 ? reachable(graph, deployed) : new Set(graph.keys());
  const reported = new Set<string>();
  areas.forEach((a, i) => {
    const id = asStr(asObj(a).id);
    if (id === null || reported.has(id) || !Array.isArray(asObj(a).links)) return;
    const back = reachable(graph, [id]);
    const from = [...graph].filter(([src, dests]) => src !== id && occupied.has(src) && dests.includes(id) && !back.has(src)).map(([src]) => src);
    if (from.length === 0) return;
    reported.add(id);
    const exits = graph.get(id) ?? [];
    const how = exits.length === 0 ? 'it lists no links, so a member there can never move again' : `moves from it must follow its links (${exits.join(', ')}), which never lead back`;
    ctx.report(['areas', i, 'links'], 'warning', 'area-dead-end', `${me}: Area '${id}' is a dead end: a member who moves in from ${from.map((f) => `'${f}'`).join(', ')} can never return, because ${how}; add a link back, or remove 'links' from '${id}' so any move is allowed`, 'key');
  });
  asArr(data.objectives).forEach((o, i) => {
    const obj = asObj(o);
    const area = asStr(obj.area);
    if (area === null || !graph.has(area) || !SCORED_IN_AREA.has(String(obj.kind))) return;
    const side = asStr(obj.side);
    const eligible = side === null ? sides : sides.filter((s) => s.id === side);
    if (eligible.length === 0) return;
    const starts = eligible.flatMap(startsOf);
    // An unknown deployment Area is an `unknown-ref` already.
    if (starts.length === 0 || starts.some((s) => !graph.has(s)) || reachable(graph, starts).has(area)) return;
    const where = eligible.map((s) => `${asStr(s.id) ?? '?'} deploys in ${startsOf(s).join(', ') || '?'}`).join('; ');
    ctx.report(['objectives', i, 'area'], 'warning', 'objective-unreachable', `${me}: objective '${asStr(obj.id) ?? `#${i + 1}`}' is in Area '${area}', which no ${side === null ? '' : `side '${side}' `}member can reach by following the links (${where}); add a link that leads to '${area}', or move the objective`);
  });
}
