import { didYouMean } from '../did-you-mean';
import { checkAreaGraph } from './area-graph';
import type { CrossContext } from './context';
import { asArr, asObj, asStr } from './context';
import { crewValue } from './crew';
import { checkEffectRefs, checkRef } from './refs';

/** Cross-document checks of a scenario: Areas, sides, deployment, objectives, crews, value limit. */
export function checkScenario(ctx: CrossContext, data: Record<string, unknown>): void {
  const sid = asStr(data.id) ?? '?';
  const me = `scenario '${sid}'`;
  if (asStr(data.id)) ctx.checkUnique(`scenario:${sid}`, 0, ['id'], me);
  const areas = asArr(data.areas);
  const areaIds = uniqueIds(ctx, areas, 'areas', 'area', me);
  if (Array.isArray(data.areas) && (areas.length === 1 || areas.length > 5)) {
    const fix = areas.length === 1 ? 'add another Area' : 'merge or remove some Areas';
    ctx.report(['areas'], 'warning', 'area-count', `${me} has ${areas.length} Area${areas.length === 1 ? '' : 's'}; battles play best with 2 to 5, so ${fix}`, 'key');
  }
  // With no Areas at all, the scenario's own error says so; naming each reference would repeat it.
  const areaRef = (label: string, v: unknown, path: (string | number)[]) => {
    const a = asStr(v);
    if (a !== null && areaIds.length > 0 && !areaIds.includes(a)) {
      const hint = didYouMean(a, areaIds);
      ctx.report(path, 'error', 'unknown-ref', `${label}: unknown Area '${a}'${hint || `; use one of this scenario's Areas (${areaIds.join(', ') || 'none yet'})`}`);
    }
  };
  areas.forEach((ar, i) => {
    const label = `area '${asStr(asObj(ar).id) ?? `#${i + 1}`}'`;
    asArr(asObj(ar).links).forEach((l, j) => areaRef(`${label} link`, l, ['areas', i, 'links', j]));
    checkEffectRefs(ctx, label, ar, ['areas', i]);
  });
  const sides = asArr(data.sides);
  const sideIds = uniqueIds(ctx, sides, 'sides', 'side', me);
  const limit = typeof data.crewValueLimit === 'number' ? data.crewValueLimit : null;
  const sideMembers: Set<string>[] = [];
  const membersBySide = new Map<string, Set<string>>();
  sides.forEach((s, i) => {
    const side = asObj(s);
    const label = `side '${asStr(side.id) ?? `#${i + 1}`}'`;
    areaRef(`${label} deploy`, side.deploy, ['sides', i, 'deploy']);
    const crewId = asStr(side.crew);
    const known = crewId !== null && checkRef(ctx, label, 'crew', crewId, ['sides', i, 'crew']);
    const crew = known ? asObj(ctx.model.crews.get(crewId!)) : null;
    const members = new Set(asArr(crew?.members).map((m) => asStr(asObj(m).id)).filter((x): x is string => x !== null));
    if (crew) sideMembers.push(members);
    if (crew && asStr(side.id) !== null) membersBySide.set(asStr(side.id)!, members);
    for (const [mid, area] of Object.entries(asObj(side.deployMembers))) {
      if (crew && !members.has(mid)) {
        ctx.report(['sides', i, 'deployMembers', mid], 'error', 'unknown-ref', `${label}: crew '${crewId}' has no member '${mid}'${didYouMean(mid, members)}`, 'key');
      }
      areaRef(`${label} deployMembers '${mid}'`, area, ['sides', i, 'deployMembers', mid]);
    }
    if (crew && limit !== null) {
      const value = crewValue(ctx, crew);
      if (value > limit) {
        ctx.report(['sides', i, 'crew'], 'warning', 'crew-value', `${label}: crew '${crewId}' is worth ${value}, above this scenario's crewValueLimit ${limit}; drop or downgrade members, or raise the limit`);
      }
    }
  });
  const objectives = asArr(data.objectives);
  uniqueIds(ctx, objectives, 'objectives', 'objective', me);
  objectives.forEach((o, i) => {
    const obj = asObj(o);
    const label = `objective '${asStr(obj.id) ?? `#${i + 1}`}'`;
    areaRef(label, obj.area, ['objectives', i, 'area']);
    const side = asStr(obj.side);
    if (side !== null && sideIds.length > 0 && !sideIds.includes(side)) {
      ctx.report(['objectives', i, 'side'], 'error', 'unknown-ref', `${label}: unknown side '${side}'${didYouMean(side, sideIds) || `; use ${sideIds.join(' or ')}`}`);
    }
    const member = asStr(obj.member);
    if (member !== null && sideMembers.length === sides.length && sides.length > 0) checkObjectiveMember(ctx, label, member, i, membersBySide);
  });
  if (data.ruleset !== undefined && data.ruleset !== null) checkRef(ctx, me, 'ruleset', data.ruleset, ['ruleset'], ['core']);
  checkAreaGraph(ctx, data, me);
}

/**
 * R9.1 `member` of an eliminate/protect objective: a member id of either side's crew, or a full
 * key `<side>:<member>`. A bare id that both crews have (a mirror match) is ambiguous.
 */
function checkObjectiveMember(ctx: CrossContext, label: string, member: string, i: number, bySide: Map<string, Set<string>>): void {
  const at = ['objectives', i, 'member'];
  const colon = member.indexOf(':');
  if (colon >= 0) {
    const side = member.slice(0, colon);
    const id = member.slice(colon + 1);
    const members = bySide.get(side);
    if (members === undefined) ctx.report(at, 'error', 'unknown-ref', `${label}: '${member}' names side '${side}', which this scenario does not have; use ${[...bySide.keys()].map((s) => `'${s}:${id}'`).join(' or ')}`);
    else if (!members.has(id)) ctx.report(at, 'error', 'unknown-ref', `${label}: side '${side}' has no member '${id}'${didYouMean(id, members)}`);
    return;
  }
  const holders = [...bySide].filter(([, members]) => members.has(member)).map(([side]) => side);
  if (holders.length > 1) {
    ctx.report(at, 'error', 'ambiguous-ref', `${label}: both sides have a member '${member}'; name the side too: ${holders.map((s) => `'${s}:${member}'`).join(' or ')}`);
  } else if (holders.length === 0) {
    const all = [...bySide.values()].flatMap((s) => [...s]);
    ctx.report(at, 'error', 'unknown-ref', `${label}: no member '${member}' in the sides' crews${didYouMean(member, all)}`);
  }
}

/** Reports ids repeated within one list of a document; returns the ids in order. */
export function uniqueIds(ctx: CrossContext, list: unknown[], key: string, word: string, owner: string): string[] {
  const ids: string[] = [];
  list.forEach((x, i) => {
    const id = asStr(asObj(x).id);
    if (id === null) return;
    if (ids.includes(id)) ctx.report([key, i, 'id'], 'error', 'duplicate-id', `${owner}: ${word} '${id}' is defined twice; rename one`);
    else ids.push(id);
  });
  return ids;
}
