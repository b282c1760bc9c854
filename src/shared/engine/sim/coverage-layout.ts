/**
 * What a simulation's coverage reports on (issue 16 item 6): the tracked rules, every source of
 * effects (ability, item, member special rule, Area rule) and each of its effects, every
 * objective and every Area of one setup — each with the recorder slots (engine/coverage.ts) that
 * make it count in a battle, and, worked out from the setup alone, what its `when` needs and why
 * it cannot happen in this scenario at all.
 *
 * Entries are grouped by what the setup itself says (a source's name and kind), so a worker
 * thread holding a copy of the setup gets the same entries in the same order; the ids come from
 * the workspace when the setup was built here (`effectOrigin`), else from the names.
 */
import type { Effect, When } from '../../model/types';
import { COVERED_RULES, coverageSlots } from '../coverage';
import { dieSides, effectOrigin, slugOf } from '../setup';
import type { BattleSetup, SetupMember, SourcedEffect } from '../types';

/** What a coverage entry stands for. */
export type CoverageKind = 'rule' | 'ability' | 'item' | 'specialRule' | 'areaRule' | 'effect' | 'objective' | 'area';

/** Every kind, in report order (for usage messages). */
export const COVERAGE_KINDS: readonly CoverageKind[] = ['rule', 'ability', 'item', 'specialRule', 'areaRule', 'effect', 'objective', 'area'];

/** One thing coverage counts battles for. */
export interface CoverageEntry {
  kind: CoverageKind;
  /** Rule number (`R4.3`), document id (`spore-cloud`), `areaId/rule-name`, or `<source id>#<n>` for an effect. */
  id: string;
  /** Human name: the rule in words, the ability's or Area's name, the effect written out. */
  name: string;
  /** Effects: the `kind:id` of the source that grants them. */
  of?: string;
  /** Rules the ruleset switches off: the knob that does it. */
  off?: string;
  /** Why it can never fire in this scenario, or absent when it can. */
  impossible?: string;
  /** What its `when` needs, in words (effects and their sources), when it has one. */
  needs?: string;
  /** Recorder slots: the entry counts in a battle when any of them fired. */
  slots: number[];
}

const KIND_OF_SUFFIX: Record<string, CoverageKind> = { ability: 'ability', equipment: 'item', 'special rule': 'specialRule' };

/** An effect's key and value in words (`rollModifier +1`, `firstStrike`). */
export const effectText = (e: Effect): string => {
  const key = Object.keys(e).find((k) => k !== 'when') ?? '?';
  const v = (e as Record<string, unknown>)[key];
  if (v === true) return key;
  if (typeof v === 'number') return `${key} ${v > 0 ? '+' : ''}${v}`;
  return `${key} ${String(v)}`;
};

/** A `when` in words: "role defender, in an Area named or tagged 'flooded'". */
export const whenText = (w: When): string => {
  const parts: string[] = [];
  if (w.role !== undefined) parts.push(`role ${w.role}`);
  if (w.area !== undefined) parts.push(`in an Area named or tagged '${w.area}'`);
  if (w.opponentType !== undefined) parts.push(`an opponent of type '${w.opponentType}'`);
  if (w.opponentDieAtLeast !== undefined) parts.push(`an opponent with ${w.opponentDieAtLeast} or larger`);
  if (w.healthAtMost !== undefined) parts.push(`Health ${w.healthAtMost} or less`);
  if (w.inSwarm !== undefined) parts.push(w.inSwarm ? 'being in a Swarm' : 'not being in a Swarm');
  if (w.vsSwarm !== undefined) parts.push(w.vsSwarm ? 'facing a Swarm' : 'not facing a Swarm');
  if (w.roundAtLeast !== undefined) parts.push(`round ${w.roundAtLeast} or later`);
  return parts.join(', ');
};

/** True when a side's crew can form a Swarm (R6.1): `swarm.minSize` members sharing a die. */
const canSwarm = (setup: BattleSetup, side: number): boolean => {
  const count = new Map<string, number>();
  for (const m of setup.sides[side]!.members) count.set(m.die, (count.get(m.die) ?? 0) + 1);
  return [...count.values()].some((n) => n >= setup.ruleset.swarm.minSize);
};

const swarmWords = (setup: BattleSetup, which: string): string => `${which} has no ${setup.ruleset.swarm.minSize} members with the same die to form a Swarm (swarm.minSize ${setup.ruleset.swarm.minSize}, R6.1)`;

/**
 * Why effect `e` can never apply in this setup, or null: its `when` against the scenario's Areas
 * and rounds and the crews, and its key against what the scenario offers. `sides` are the sides
 * of the members that hold it (an Area rule: both); `area` the Area index of an Area rule.
 */
export function impossibleReason(setup: BattleSetup, e: Effect, sides: number[], area: number | null): string | null {
  const w = e.when ?? {};
  if (w.area !== undefined) {
    const labels = (i: number): string[] => [setup.areas[i]!.id, setup.areas[i]!.name, ...setup.areas[i]!.tags];
    if (area !== null && !labels(area).includes(w.area)) return `Area '${setup.areas[area]!.id}' that grants it is not named or tagged '${w.area}'`;
    if (area === null && !setup.areas.some((_, i) => labels(i).includes(w.area!))) return `this scenario has no Area named or tagged '${w.area}'`;
  }
  if (w.roundAtLeast !== undefined && w.roundAtLeast > setup.rounds) return `this scenario has only ${setup.rounds} round${setup.rounds === 1 ? '' : 's'}`;
  const opponents: SetupMember[] = sides.flatMap((s) => setup.sides[1 - s]!.members);
  if (w.opponentType !== undefined && !opponents.some((o) => o.type === w.opponentType || o.baseType === w.opponentType)) return `no opposing member is of type '${w.opponentType}'`;
  if (w.opponentDieAtLeast !== undefined && !opponents.some((o) => o.sides >= dieSides(w.opponentDieAtLeast!))) {
    return `no opposing member has ${w.opponentDieAtLeast} or larger (the largest is d${Math.max(0, ...opponents.map((o) => o.sides))})`;
  }
  if (w.healthAtMost !== undefined && w.healthAtMost < 0) return 'Health is never below 0';
  if (w.inSwarm === true && !sides.some((s) => canSwarm(setup, s))) return swarmWords(setup, sides.length > 1 ? 'neither crew' : 'its crew');
  if (w.vsSwarm === true && !sides.some((s) => canSwarm(setup, 1 - s))) return swarmWords(setup, sides.length > 1 ? 'neither crew' : 'the opposing crew');
  if ('progressBonus' in e && !setup.objectives.some((o) => o.kind === 'interact')) return 'progressBonus only adds to Interact (R9.2), and this scenario has no interact objective';
  if ('regenerate' in e && setup.rounds < 2) return 'regenerate works at the start of a later round (R2.6), and this scenario has only 1 round';
  if (w.role !== undefined && ('regenerate' in e || 'initiative' in e || 'extraActions' in e || 'progressBonus' in e)) return `${Object.keys(e).find((k) => k !== 'when')} is read outside a Clash, where nobody has the role ${w.role}`;
  return null;
}

/** Why a tracked rule cannot fire in this scenario (its ruleset aside), or null. */
function ruleImpossible(setup: BattleSetup, id: string): string | null {
  const kinds = new Set(setup.objectives.map((o) => o.kind));
  switch (id) {
    case 'R6.1':
    case 'R6.3':
      return canSwarm(setup, 0) || canSwarm(setup, 1) ? null : swarmWords(setup, 'neither crew');
    case 'R8.2':
    case 'R8.4':
      return setup.areas.length > 1 ? null : 'this scenario has only one Area';
    case 'R9.2':
      return kinds.has('interact') ? null : 'this scenario has no interact objective';
    case 'R9.3':
      return setup.objectives.some((o) => o.kind === 'interact' && o.resetOnDamage === true) ? null : "no interact objective of this scenario has 'resetOnDamage: true'";
    case 'R9.4':
      return kinds.has('reach') || kinds.has('control') ? null : 'this scenario has no reach or control objective';
    case 'R12.morale':
      return setup.sides.some((s) => s.npc) ? null : "neither crew is an 'npc' crew";
    default:
      return null;
  }
}

/** A source of effects as the setup names it: "Spore Cloud (ability)" → kind, name and a fallback id. */
const parseSource = (source: string, area: number | null, setup: BattleSetup): { kind: CoverageKind; name: string; id: string } => {
  const m = /^(.*) \(([^()]*)\)$/.exec(source);
  const name = m?.[1] ?? source;
  if (area !== null) return { kind: 'areaRule', name, id: `${setup.areas[area]!.id}/${slugOf(name)}` };
  const kind = KIND_OF_SUFFIX[m?.[2] ?? ''] ?? 'specialRule';
  return { kind, name, id: slugOf(name) };
};

interface SourceGroup {
  entry: CoverageEntry;
  effects: CoverageEntry[];
  sides: Set<number>;
  area: number | null;
  defs: Effect[];
}

/** The coverage entries of a setup, in report order: rules, sources each followed by its effects, objectives, Areas. */
export function coverageEntries(setup: BattleSetup): CoverageEntry[] {
  const slots = coverageSlots(setup);
  const rules: CoverageEntry[] = COVERED_RULES.map((r, i) => {
    const entry: CoverageEntry = { kind: 'rule', id: r.id, name: r.what, slots: [i] };
    const off = r.off?.(setup.ruleset) ?? null;
    if (off !== null) entry.off = off;
    const impossible = ruleImpossible(setup, r.id);
    if (impossible !== null) entry.impossible = impossible;
    return entry;
  });
  const groups = new Map<string, SourceGroup>();
  const addEffects = (effects: SourcedEffect[], first: number, side: number | null, area: number | null): void => {
    let run = 0;
    effects.forEach((e, i) => {
      run = i > 0 && effects[i - 1]!.source === e.source ? run + 1 : 0;
      const key = `${area === null ? '' : `${area}@`}${e.source}`;
      let g = groups.get(key);
      if (g === undefined) {
        const parsed = parseSource(e.source, area, setup);
        const origin = effectOrigin(e);
        const id = origin?.id ?? parsed.id;
        g = { entry: { kind: origin?.kind ?? parsed.kind, id, name: parsed.name, slots: [] }, effects: [], sides: new Set(), area, defs: [] };
        groups.set(key, g);
      }
      if (side !== null) g.sides.add(side);
      else [0, 1].forEach((s) => g.sides.add(s));
      while (g.effects.length <= run) {
        g.effects.push({ kind: 'effect', id: `${g.entry.id}#${g.effects.length + 1}`, name: effectText(e.effect), of: `${g.entry.kind}:${g.entry.id}`, slots: [] });
        g.defs.push(e.effect);
      }
      g.effects[run]!.slots.push(first + i);
      g.entry.slots.push(first + i);
    });
  };
  let mi = 0;
  setup.sides.forEach((side, s) =>
    side.members.forEach((m) => {
      addEffects(m.effects, slots.memberEffects[mi]!, s, null);
      mi++;
    }),
  );
  setup.areas.forEach((a, i) => addEffects(a.effects, slots.areaEffects[i]!, null, i));
  const sources: CoverageEntry[] = [];
  for (const g of groups.values()) {
    const sides = [...g.sides];
    const reasons = g.defs.map((d) => impossibleReason(setup, d, sides, g.area));
    g.effects.forEach((e, i) => {
      const w = g.defs[i]!.when;
      if (w !== undefined && whenText(w) !== '') e.needs = whenText(w);
      if (reasons[i] !== null) e.impossible = reasons[i]!;
    });
    const needs = g.effects.map((e) => e.needs).filter((x): x is string => x !== undefined);
    if (needs.length === g.effects.length && needs.length > 0) g.entry.needs = [...new Set(needs)].join('; or ');
    if (reasons.every((r) => r !== null)) g.entry.impossible = [...new Set(reasons)].join('; ');
    sources.push(g.entry, ...g.effects);
  }
  const objectives: CoverageEntry[] = setup.objectives.map((o, i) => ({ kind: 'objective', id: o.id, name: (o as { name?: string }).name ?? o.id, slots: [slots.objectives + i] }));
  // An Area is reachable when someone deploys there or another Area leads to it (no links: any).
  const starts = new Set(setup.sides.flatMap((s) => s.members.map((m) => m.startArea)));
  const reachable = (a: string): boolean => starts.has(a) || setup.areas.some((x) => x.id !== a && (x.links === null || x.links.includes(a)));
  const areas: CoverageEntry[] = setup.areas.map((a, i) => {
    const entry: CoverageEntry = { kind: 'area', id: a.id, name: a.name, slots: [slots.areas + i] };
    if (!reachable(a.id)) entry.impossible = 'no member deploys there and no Area links to it';
    return entry;
  });
  return [...rules, ...sources, ...objectives, ...areas];
}
