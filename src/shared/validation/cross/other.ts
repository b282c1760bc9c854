import { didYouMean } from '../did-you-mean';
import type { CrossContext } from './context';
import { asArr, asObj, asStr } from './context';
import { crewValue } from './crew';
import { checkEffectRefs, checkRef } from './refs';
import { checkBalanceChecks } from './checks';

/** Checks of a homebrew crew type: unique id, granted abilities, Health range order. */
export function checkCrewType(ctx: CrossContext, data: Record<string, unknown>): void {
  const id = asStr(data.id) ?? '?';
  const me = `crew type '${id}'`;
  if (asStr(data.id)) ctx.checkUnique(`crewType:${id}`, 0, ['id'], me);
  asArr(data.abilities).forEach((a, i) => checkRef(ctx, me, 'ability', a, ['abilities', i]));
  const h = asObj(data.health);
  if (typeof h.min === 'number' && typeof h.max === 'number' && h.min > h.max) {
    ctx.report(['health', 'min'], 'error', 'type-constraint', `${me}: health min ${h.min} is above max ${h.max}; swap them`);
  }
}

/** Checks of an abilities or equipment library: ids unique across libraries, effect refs. */
export function checkLibrary(ctx: CrossContext, data: Record<string, unknown>, kind: 'abilities' | 'equipment'): void {
  const listKey = kind === 'abilities' ? 'abilities' : 'items';
  const word = kind === 'abilities' ? 'ability' : 'equipment item';
  asArr(data[listKey]).forEach((x, i) => {
    const id = asStr(asObj(x).id);
    const label = `${word} '${id ?? `#${i + 1}`}'`;
    if (id !== null) ctx.checkUnique(`${kind === 'abilities' ? 'ability' : 'equipment'}:${id}`, i, [listKey, i, 'id'], label);
    checkEffectRefs(ctx, label, x, [listKey, i]);
  });
}

/** Checks of a ruleset: unique id, `extends` names a ruleset, no `extends` cycle. */
export function checkRuleset(ctx: CrossContext, data: Record<string, unknown>): void {
  const id = asStr(data.id) ?? '?';
  const me = `ruleset '${id}'`;
  if (asStr(data.id)) ctx.checkUnique(`ruleset:${id}`, 0, ['id'], me);
  if (id === 'core') ctx.report(['id'], 'error', 'duplicate-id', `${me}: 'core' is the built-in ruleset; choose another id and use 'extends: core'`);
  if (data.extends === undefined) return;
  if (!checkRef(ctx, me, 'ruleset', data.extends, ['extends'], ['core'])) return;
  const chain = [id];
  let cur = asStr(data.extends);
  while (cur !== null && cur !== 'core') {
    if (chain.includes(cur)) {
      ctx.report(['extends'], 'error', 'extends-cycle', `${me}: 'extends' loops back (${[...chain, cur].join(' → ')}); make one of them extend 'core'`);
      return;
    }
    chain.push(cur);
    ctx.lookup(`ruleset:${cur}`);
    cur = asStr(asObj(ctx.model.rulesets.get(cur)).extends);
  }
}

/** Checks of the workspace manifest: its default ruleset exists; it sits at the root; its balance checks can run. */
export function checkWorkspace(ctx: CrossContext, data: Record<string, unknown>): void {
  if (ctx.doc.path !== 'mortisphere.yaml') {
    ctx.report(['kind'], 'warning', 'workspace-missing', `${ctx.doc.path}: only the root mortisphere.yaml is the workspace manifest; this one is ignored — move or delete it`);
  }
  if (data.ruleset !== undefined) checkRef(ctx, 'workspace', 'ruleset', data.ruleset, ['ruleset'], ['core']);
  checkBalanceChecks(ctx, data);
}

/** Checks of a campaign: its crews and scenarios, and every recorded battle's references. */
export function checkCampaign(ctx: CrossContext, data: Record<string, unknown>): void {
  const id = asStr(data.id) ?? '?';
  const me = `campaign '${id}'`;
  if (asStr(data.id)) ctx.checkUnique(`campaign:${id}`, 0, ['id'], me);
  const crews = asArr(data.crews).map((c, i) => (checkRef(ctx, me, 'crew', c, ['crews', i]) ? (c as string) : null));
  const limits = asArr(data.scenarios)
    .map((s, i) => (checkRef(ctx, me, 'scenario', s, ['scenarios', i]) ? { id: s as string, limit: asObj(ctx.model.scenarios.get(s as string)).crewValueLimit } : null))
    .filter((x): x is { id: string; limit: number } => x !== null && typeof x.limit === 'number');
  crews.forEach((c, i) => {
    if (c === null || limits.length === 0) return;
    const value = crewValue(ctx, ctx.model.crews.get(c));
    const over = limits.filter((l) => value > l.limit);
    if (over.length) {
      ctx.report(['crews', i], 'warning', 'crew-value', `${me}: crew '${c}' is worth ${value}, above the crewValueLimit of ${over.map((l) => `'${l.id}' (${l.limit})`).join(', ')}; adjust the crew or the limits`);
    }
  });
  asArr(data.battles).forEach((b, i) => {
    const battle = asObj(b);
    const at = ['battles', i];
    const label = `${me} battle #${i + 1}`;
    const scen = checkRef(ctx, label, 'scenario', battle.scenario, [...at, 'scenario']) ? asObj(ctx.model.scenarios.get(battle.scenario as string)) : null;
    const sideIds = scen ? asArr(scen.sides).map((s) => asStr(asObj(s).id)).filter((x): x is string => x !== null) : null;
    const sides = asObj(battle.sides);
    for (const [side, crew] of Object.entries(sides)) {
      if (sideIds && sideIds.length > 0 && !sideIds.includes(side)) {
        ctx.report([...at, 'sides', side], 'error', 'unknown-ref', `${label}: scenario '${battle.scenario as string}' has no side '${side}'${didYouMean(side, sideIds) || `; use ${sideIds.join(' and ')}`}`, 'key');
      }
      checkRef(ctx, `${label} side '${side}'`, 'crew', crew, [...at, 'sides', side]);
    }
    const winner = asStr(battle.winner);
    if (winner !== null && !Object.hasOwn(sides, winner)) {
      ctx.report([...at, 'winner'], 'error', 'unknown-ref', `${label}: winner '${winner}' is not one of its sides (${Object.keys(sides).join(', ')})${didYouMean(winner, Object.keys(sides))}`);
    }
    for (const side of Object.keys(asObj(battle.points))) {
      if (Object.keys(sides).length > 0 && !Object.hasOwn(sides, side)) {
        ctx.report([...at, 'points', side], 'error', 'unknown-ref', `${label}: points are given to side '${side}', which is not one of its sides (${Object.keys(sides).join(', ')})${didYouMean(side, Object.keys(sides)) || '; use the side ids of `sides`'}`, 'key');
      }
    }
    if (battle.ruleset !== undefined) checkRef(ctx, label, 'ruleset', battle.ruleset, [...at, 'ruleset'], ['core']);
    asArr(battle.aftermath).forEach((a, j) => {
      const ref = asStr(asObj(a).member);
      const [crewId, memberId] = ref?.split('/') ?? [];
      if (!crewId || !memberId) return;
      const path = [...at, 'aftermath', j, 'member'];
      if (!checkRef(ctx, label, 'crew', crewId, path)) return;
      const members = asArr(asObj(ctx.model.crews.get(crewId)).members).map((m) => asStr(asObj(m).id) ?? '');
      if (!members.includes(memberId)) {
        ctx.report(path, 'error', 'unknown-ref', `${label}: crew '${crewId}' has no member '${memberId}'${didYouMean(memberId, members)}`);
      }
    });
  });
}
