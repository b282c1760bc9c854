import type { CrossContext } from './context';
import { asArr, asObj, asStr } from './context';
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
