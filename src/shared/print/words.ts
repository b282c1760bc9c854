/**
 * Rules data in words, for print sheets (and anything else a person reads at the table):
 * effects with their `when` (R11) and objectives with their scoring (R9.1–R9.3).
 */
import { asNumber, asRecord, asString } from '../model/read';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const signed = (n: number): string => (n >= 0 ? `+${n}` : `−${Math.abs(n)}`);

/** The `when` of an effect as a phrase ("when attacking, from round 3"), or '' when it has none. */
export function whenInWords(when: unknown): string {
  const w = asRecord(when);
  const parts: string[] = [];
  if (w.role === 'attacker') parts.push('when attacking');
  if (w.role === 'defender') parts.push('when defending');
  if (w.opponentType !== undefined) parts.push(`against ${asString(w.opponentType)} opponents`);
  if (w.opponentDieAtLeast !== undefined) parts.push(`against a ${asString(w.opponentDieAtLeast)} or bigger die`);
  if (w.area !== undefined) parts.push(`in ${asString(w.area)}`);
  if (asNumber(w.healthAtMost) !== undefined) parts.push(`at ${w.healthAtMost} Health or less`);
  if (w.inSwarm === true) parts.push('in a Swarm');
  if (w.inSwarm === false) parts.push('when not in a Swarm');
  if (asNumber(w.roundAtLeast) !== undefined) parts.push(`from round ${w.roundAtLeast}`);
  if (w.vsSwarm === true) parts.push('against a Swarm');
  if (w.vsSwarm === false) parts.push('against a lone enemy');
  return parts.join(', ');
}

/** What one effect does, without its `when` (R11 vocabulary; unknown keys are named as such). */
function effectCore(e: Record<string, unknown>): string {
  const n = (k: string): number => asNumber(e[k]) ?? 0;
  if ('rollModifier' in e) return `${signed(n('rollModifier'))} to its roll`;
  if ('damage' in e) return `deals ${n('damage')} damage on a win`;
  if ('armor' in e) return `takes ${n('armor')} less damage`;
  if ('reroll' in e) return 'rerolls its die once per pair when not winning';
  if ('keepHighest' in e) return `also rolls a ${asString(e.keepHighest)} and keeps the higher`;
  if ('dieOverride' in e) return `rolls a ${asString(e.dieOverride)} instead of its own die`;
  if ('blast' in e) return 'its attack strikes every enemy in its Area (blast)';
  if ('extraActions' in e) return `${plural(n('extraActions'), 'extra action')} per round`;
  if ('firstStrike' in e) return 'its damage lands first';
  if ('regenerate' in e) return `heals ${n('regenerate')} at the start of each round`;
  if ('progressBonus' in e) return `${signed(n('progressBonus'))} progress per Interact`;
  if ('swarm' in e) return e.swarm === 'never' ? 'never joins a Swarm' : 'may join any Swarm';
  if ('initiative' in e) return `${signed(n('initiative'))} to its crew value for Initiative`;
  const keys = Object.keys(e).filter((k) => k !== 'when');
  return keys.length > 0 ? `unknown effect '${keys.join(', ')}'` : 'no effect';
}

/** One effect in words: "+1 to its roll when attacking, from round 3". */
export function effectInWords(effect: unknown): string {
  const e = asRecord(effect);
  const when = whenInWords(e.when);
  return when === '' ? effectCore(e) : `${effectCore(e)} ${when}`;
}

/** How an objective is completed and scored, in words (R9.1–R9.3). */
export function objectiveInWords(objective: unknown, areaName: (id: string) => string, sideName: (id: string) => string, memberName: (id: string) => string = (id) => id): string {
  const o = asRecord(objective);
  const points = asNumber(o.points) ?? 1;
  const pts = plural(points, 'point');
  const area = areaName(asString(o.area));
  const who = o.side !== undefined ? `${sideName(asString(o.side))} only` : 'either side';
  switch (o.kind) {
    case 'interact': {
      const progress = asNumber(o.progress) ?? 1;
      const parts = [`Interact in ${area}: ${plural(progress, 'Interact')} by one side's members complete it for ${pts} (${who})`];
      parts.push(o.repeatable === true ? 'repeatable: progress restarts and it can score again' : 'scores once, for the first side');
      if (o.whenContested === 'blocked') parts.push('no Interact while enemies are in the Area');
      if (o.whenContested === 'roll') parts.push(`with enemies in the Area, an Interact needs a roll of ${asNumber(o.difficulty) ?? 4}+`);
      if (o.resetOnDamage === true) parts.push('progress is lost when the member working on it takes damage');
      return `${parts.join('; ')}.`;
    }
    case 'reach':
      return `Reach ${area}: at each round end, a side with a member there scores ${pts}${o.once === true ? ', the first time only' : ''} (${who}).`;
    case 'control':
      return `Control ${area}: at each round end, the side with ${o.by === 'value' ? 'the higher total of dice there' : 'more members there'} scores ${pts} (${who}).`;
    case 'eliminate':
      return o.member !== undefined && o.any !== true
        ? `Eliminate ${memberName(asString(o.member))}: the side that takes it out scores ${pts}.`
        : `Eliminate: ${pts} for every enemy taken out (${who}).`;
    case 'protect':
      return `Protect ${memberName(asString(o.member))}: at the end, its side scores ${pts} if it is still standing.`;
    case 'survive':
      return `Survive: at the end, a side with at least ${plural(asNumber(o.count) ?? 1, 'member')} still in the battle scores ${pts} (${who}).`;
    default:
      return `Unknown objective kind '${asString(o.kind)}'.`;
  }
}
