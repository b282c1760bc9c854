import { DICE } from '../../model/types';
import type { CrossContext } from './context';
import { asArr, asObj, asStr } from './context';
import { checkHistoryScenarios } from './history';
import { checkEffectRefs, checkRef, checkType } from './refs';

const dieValue = (d: unknown): number => (typeof d === 'string' && (DICE as readonly string[]).includes(d) ? Number(d.slice(1)) : 0);

/** Recruit value of a crew (R1.1, R1.2 `starting`): die values plus equipment costs. */
export function crewValue(ctx: CrossContext, crew: unknown): number {
  let total = 0;
  for (const m of asArr(asObj(crew).members)) {
    const mem = asObj(m);
    total += dieValue(mem.die);
    for (const e of asArr(mem.equipment)) {
      const id = asStr(e);
      if (id === null) continue;
      ctx.lookup(`equipment:${id}`);
      const cost = ctx.model.equipment.get(id)?.cost;
      if (typeof cost === 'number') total += cost;
    }
  }
  return total;
}

/** Cross-document checks of a crew: refs, member ids, the Captain, homebrew type limits. */
export function checkCrew(ctx: CrossContext, data: Record<string, unknown>): void {
  const crewId = asStr(data.id) ?? '?';
  if (asStr(data.id)) ctx.checkUnique(`crew:${crewId}`, 0, ['id'], `crew '${crewId}'`);
  const members = asArr(data.members);
  const seen = new Set<string>();
  const captains: number[] = [];
  const deadCaptains: number[] = [];
  const perType = new Map<string, number>();
  members.forEach((m, i) => {
    const mem = asObj(m);
    const id = asStr(mem.id);
    const label = `member '${id ?? `#${i + 1}`}'`;
    const at = ['members', i];
    if (id !== null) {
      if (seen.has(id)) ctx.report([...at, 'id'], 'error', 'duplicate-id', `${label} appears twice in crew '${crewId}'; give each member its own id`);
      seen.add(id);
    }
    // A dead member (R10.1) never fights again, so only living Captains count (R7.1).
    if (mem.captain === true) (mem.status === 'dead' ? deadCaptains : captains).push(i);
    checkType(ctx, label, mem.type, [...at, 'type']);
    asArr(mem.abilities).forEach((a, j) => checkRef(ctx, label, 'ability', a, [...at, 'abilities', j]));
    asArr(mem.equipment).forEach((e, j) => checkRef(ctx, label, 'equipment', e, [...at, 'equipment', j]));
    checkEffectRefs(ctx, label, mem, at);
    const typeId = asStr(mem.type);
    if (typeId === null || !ctx.model.crewTypes.has(typeId)) return;
    const type = asObj(ctx.model.crewTypes.get(typeId));
    const count = (perType.get(typeId) ?? 0) + 1;
    perType.set(typeId, count);
    const dice = asArr(type.dice);
    if (typeof mem.die === 'string' && dice.length && !dice.includes(mem.die)) {
      ctx.report([...at, 'die'], 'error', 'type-constraint', `${label}: die ${mem.die} is not allowed for type '${typeId}' (allowed: ${dice.join(', ')}); pick one of those dice`);
    }
    const hr = asObj(type.health);
    if (typeof mem.health === 'number' && typeof hr.min === 'number' && typeof hr.max === 'number' && (mem.health < hr.min || mem.health > hr.max)) {
      ctx.report([...at, 'health'], 'error', 'type-constraint', `${label}: health ${mem.health} is outside type '${typeId}' range ${hr.min}..${hr.max}; set health between ${hr.min} and ${hr.max}`);
    }
    const tags = asArr(type.equipmentTags).filter((t): t is string => typeof t === 'string');
    if (tags.length) {
      asArr(mem.equipment).forEach((e, j) => {
        const item = typeof e === 'string' ? ctx.model.equipment.get(e) : undefined;
        if (!item) return;
        const itemTags = asArr(item.tags);
        if (!itemTags.some((t) => tags.includes(t as string))) {
          ctx.report([...at, 'equipment', j], 'error', 'type-constraint', `${label}: type '${typeId}' may only carry equipment tagged ${tags.join(' or ')}; '${e as string}' is tagged ${itemTags.length ? itemTags.join(', ') : 'nothing'}`);
        }
      });
    }
    if (typeof type.maxPerCrew === 'number' && count > type.maxPerCrew) {
      ctx.report([...at, 'type'], 'error', 'type-constraint', `${label}: crew '${crewId}' has more than ${type.maxPerCrew} members of type '${typeId}' (its maxPerCrew); remove one or change its type`);
    }
  });
  if (members.length && captains.length === 0 && deadCaptains.length > 0) {
    const dead = asStr(asObj(members[deadCaptains[0]!]).id) ?? `#${deadCaptains[0]! + 1}`;
    ctx.report(['members', deadCaptains[0]!, 'status'], 'warning', 'captain-dead', `crew '${crewId}': its Captain '${dead}' is dead; set 'captain: true' on a living member before the crew's next battle`);
  } else if (members.length && captains.length === 0) {
    ctx.report(['members'], 'error', 'captain-count', `crew '${crewId}' has no Captain; set 'captain: true' on exactly one member`, 'key');
  }
  checkHistoryScenarios(ctx, data);
  for (const i of captains.slice(1)) {
    const names = captains.map((c) => `'${asStr(asObj(members[c]).id) ?? `#${c + 1}`}'`).join(', ');
    ctx.report(['members', i, 'captain'], 'error', 'captain-count', `crew '${crewId}' has ${captains.length} Captains (${names}); keep 'captain: true' on exactly one`);
  }
}
