/**
 * Setup-derived lookup tables, computed once per setup object and cached (WeakMap), so the
 * hot path never re-derives them. Pure function of the setup.
 */
import type { Effect, Objective } from '../model/types';
import { coverageSlots } from './coverage';
import { indexEffects } from './effect-index';
import type { EffectIndex } from './effect-index';
import { maxRoll } from './rolls';
import { dieSides } from './setup';
import type { BattleSetup, SetupMember } from './types';

/** An objective with every default filled in and its Area as an index. */
export interface CompiledObjective {
  def: Objective;
  area: number;
  points: number;
  /** Side index allowed to score, or -1 for either. */
  only: number;
  progress: number;
  difficulty: number;
  /** Member indices named by eliminate/protect (matching the id on any side). */
  named: number[];
  /** An `interact` objective (R9.1): members can work it. */
  interact: boolean;
  /** Interact objective that scores more than once (`repeatable`). */
  repeatable: boolean;
  /** Interact objective blocked while enemies are in its Area (`whenContested: blocked`). */
  blocked: boolean;
  /** Interact objective whose progress damage to the last worker resets (`resetOnDamage`, R9.3). */
  resetOnDamage: boolean;
}

/** Precomputed tables of one setup. */
export interface Compiled {
  n: number;
  members: SetupMember[];
  /** Side index of each member. */
  sideOf: number[];
  /** [start, end) member index range per side. */
  range: [[number, number], [number, number]];
  /** The same ranges as scalars (hot loops): first member index and end per side. */
  first: [number, number];
  end: [number, number];
  keyIndex: Map<string, number>;
  sideIndex: Map<string, number>;
  areaIndex: Map<string, number>;
  /** Allowed destination area indices per area, or null for any. */
  links: (number[] | null)[];
  /** Per member: the Area it deploys in (its `startArea` as an index; 0 when unknown). */
  startArea: Int32Array;
  /** Per Area: the destinations of a move from it in `destinations` order (R8.2: its links, or every other Area; never itself). */
  moveTo: Int32Array[];
  /** Per Area: the `interact` objectives in it (R9.1), ascending. */
  interactAt: Int32Array[];
  /** Effect objects per member, and per area (R8.5). */
  memberEffects: Effect[][];
  areaEffects: Effect[][];
  /** Area id, name and tags per area, for `when.area`. */
  areaLabels: Set<string>[];
  objectives: CompiledObjective[];
  objectiveIndex: Map<string, number>;
  /** Member index of each side's Captain. */
  captain: [number, number];
  /** Per member: none of its own effects has a `when` (lets the hot path skip filtering). */
  unconditional: boolean[];
  /** Per member: an `extraActions` effect could ever apply (own or any Area's). */
  mayExtra: boolean[];
  /** No `extraActions` effect at all (every action limit is 1, R2.5). */
  noExtra: boolean;
  /**
   * No `extraActions` effect (a member's or an Area's) depends on a member's health: within a round,
   * a member's action limit (R2.5) changes only when it moves (turn-index.ts).
   */
  steadyLimits: boolean;
  /**
   * No `swarm` effect (a member's or an Area's) depends on a member's health or the round (R11
   * `when`): an Area's Clash codes follow from who is there alone (clash-code-cache.ts).
   */
  steadySwarms: boolean;
  /** Per member: an `initiative` effect could ever apply (own or any Area's). */
  mayInitiative: boolean[];
  /** Member and Area effects by key, for allocation-free queries (effect-index.ts). */
  effects: EffectIndex;
  /** Per member: a number naming its die (equal numbers, equal dice), for Swarm die groups (R6.1). */
  dieKey: Int32Array;
  /** Coverage slot of objective 0 (coverage.ts); objective `o` is this + o. */
  objectiveSlot: number;
  /** `clash.timing` is `simultaneous` (R4.5): hits are queued and applied per step. */
  simultaneous: boolean;
  /** `damage.cappedRoll` is `reroll` (R1.5): a capped die is rolled as a die of its cap. */
  cappedReroll: boolean;
  /**
   * Per member, its own die's max roll (R1.4) by Health: `capAt[m * capStride + health]` for a
   * Health of 0..maxHealth, and at `health = capStride − 1` the Last Stand cap (R7.2). Kept so
   * that a roll reads one number instead of working out `maxRoll` from the ruleset knobs; other
   * dice (`dieOverride`, `keepHighest`) and Health outside that range still work it out.
   */
  capAt: Int32Array;
  capStride: number;
  /** No `firstStrike` effect anywhere (R11): a Clash keeps its pairs in declared order (outside `longerWeaponFirst`). */
  noFirstStrike: boolean;
  /** The `reach` and `control` objectives (scored at each round's end, R9.4), ascending. */
  endOfRound: Int32Array;
  /** `morale.enabled` (R12): `npc` crews check morale. */
  morale: boolean;
  // Clash resolution (resolve.ts, rolls.ts): ruleset knobs and member dice read once per setup, not per pair.
  /** `clash.tie` (R4.3): where a tie goes. */
  tie: string;
  /** The lowest result with which an absorbed attack hits (R3.2): `clash.absorbThreshold` under `absorb: threshold`, else 1. */
  absorbAt: number;
  /** `clash.defenderRolls` is `once` (R12): a defender rolls once per Clash. */
  defenderOnce: boolean;
  /** Per member: the sides of its own die (R1.1). */
  sides: Int32Array;
  /** Some `interact` objective has `resetOnDamage` (R9.3): only then does damage look at objectives' progress. */
  damageResets: boolean;

  // Ruleset strings and objective kinds read by apply.ts, actions.ts, action-codes.ts, round.ts and
  // objectives.ts, compared once here instead of at every turn, Clash or battle end.
  /** `movement.retreat` is `roll` (R8.4): a move out of a contested Area rolls against `retreatTarget`. */
  retreatRoll: boolean;
  /** `movement.retreatTarget` (R8.4). */
  retreatTarget: number;
  /** `clash.interception` (R3.3): ready members may defend a friend. */
  interception: boolean;
  /** Per objective: 1 for an `interact` objective with `whenContested: roll` (R9.2: an Interact there rolls while enemies are present). */
  rollContested: Uint8Array;
  /** The `protect` and `survive` objectives (scored at the battle's end, R9.1), ascending. */
  endOfBattle: Int32Array;
  /** `turnStructure` is `phased` (R12). */
  phased: boolean;
  /** `endWhen.points` (R9.5): a side reaching it ends the battle; Infinity when null (never). */
  endPoints: number;
  /** `endWhen.allObjectivesDone` (R9.5). */
  endWhenAllDone: boolean;

  // Clash expansion (clash.ts): ruleset strings compared once per setup, not per Clash.
  /** `clash.multipleAttackers` is `keepHighest` (R12): attackers on one target form a group. */
  keepHighest: boolean;
}

const cache = new WeakMap<BattleSetup, Compiled>();

function compileObjective(o: Objective, c: Pick<Compiled, 'areaIndex' | 'sideIndex' | 'members'>): CompiledObjective {
  const only = o.side === undefined ? -1 : (c.sideIndex.get(o.side) ?? -2);
  const named: number[] = [];
  if ((o.kind === 'eliminate' || o.kind === 'protect') && o.member !== undefined) {
    const ref = o.member;
    c.members.forEach((m, i) => {
      if (m.id === ref || m.key === ref) named.push(i);
    });
  }
  return {
    def: o,
    area: c.areaIndex.get(o.area) ?? 0,
    points: o.points ?? 1,
    only,
    progress: o.kind === 'interact' ? Math.max(1, o.progress ?? 1) : 1,
    difficulty: o.kind === 'interact' ? (o.difficulty ?? 4) : 0,
    named,
    interact: o.kind === 'interact',
    repeatable: o.kind === 'interact' && o.repeatable === true,
    blocked: o.kind === 'interact' && o.whenContested === 'blocked',
    resetOnDamage: o.kind === 'interact' && o.resetOnDamage === true,
  };
}

/** The cached tables of `setup` (computed on first use). */
export function compile(setup: BattleSetup): Compiled {
  const hit = cache.get(setup);
  if (hit !== undefined) return hit;
  const members = [...setup.sides[0].members, ...setup.sides[1].members];
  const n0 = setup.sides[0].members.length;
  const keyIndex = new Map(members.map((m, i) => [m.key, i] as [string, number]));
  const sideIndex = new Map([[setup.sides[0].id, 0], [setup.sides[1].id, 1]]);
  const areaIndex = new Map(setup.areas.map((a, i) => [a.id, i] as [string, number]));
  const base = { areaIndex, sideIndex, members };
  const objectives = setup.objectives.map((o) => compileObjective(o, base));
  const cap = (s: number): number => {
    const [from, to] = s === 0 ? [0, n0] : [n0, members.length];
    for (let i = from; i < to; i++) if (members[i]!.captain) return i;
    return from;
  };
  const areaExtra = setup.areas.some((a) => a.effects.some((e) => 'extraActions' in e.effect));
  const areaInitiative = setup.areas.some((a) => a.effects.some((e) => 'initiative' in e.effect));
  const memberEffects = members.map((m) => m.effects.map((e) => e.effect));
  const areaEffects = setup.areas.map((a) => a.effects.map((e) => e.effect));
  const links = setup.areas.map((a) => (a.links === null ? null : a.links.map((l) => areaIndex.get(l)!).filter((x) => x !== undefined)));
  const everyArea = setup.areas.map((_, i) => i);
  const compiled: Compiled = {
    n: members.length,
    members,
    sideOf: members.map((_, i) => (i < n0 ? 0 : 1)),
    range: [[0, n0], [n0, members.length]],
    first: [0, n0],
    end: [n0, members.length],
    keyIndex,
    sideIndex,
    areaIndex,
    links,
    startArea: Int32Array.from(members, (m) => areaIndex.get(m.startArea) ?? 0),
    moveTo: links.map((l, area) => Int32Array.from((l ?? everyArea).filter((a) => a !== area))),
    interactAt: setup.areas.map((_, area) => Int32Array.from(objectives.flatMap((o, i) => (o.interact && o.area === area ? [i] : [])))),
    memberEffects,
    areaEffects,
    areaLabels: setup.areas.map((a) => new Set([a.id, a.name, ...a.tags])),
    objectives,
    objectiveIndex: new Map(setup.objectives.map((o, i) => [o.id, i] as [string, number])),
    captain: [cap(0), cap(1)],
    unconditional: members.map((m) => m.effects.every((e) => e.effect.when === undefined)),
    mayExtra: members.map((m) => m.effects.some((e) => 'extraActions' in e.effect) || areaExtra),
    noExtra: !areaExtra && members.every((m) => !m.effects.some((e) => 'extraActions' in e.effect)),
    steadyLimits: [...memberEffects, ...areaEffects].every((list) => list.every((e) => !('extraActions' in e) || e.when?.healthAtMost === undefined)),
    steadySwarms: [...memberEffects, ...areaEffects].every((list) => list.every((e) => !('swarm' in e) || (e.when?.healthAtMost === undefined && e.when?.roundAtLeast === undefined))),
    mayInitiative: members.map((m) => m.effects.some((e) => 'initiative' in e.effect) || areaInitiative),
    effects: indexEffects(memberEffects, areaEffects),
    dieKey: Int32Array.from(members, (m) => [...new Set(members.map((x) => x.die))].indexOf(m.die)),
    objectiveSlot: coverageSlots(setup).objectives,
    simultaneous: setup.ruleset.clash.timing === 'simultaneous',
    cappedReroll: setup.ruleset.damage.cappedRoll === 'reroll',
    capAt: new Int32Array(0),
    capStride: 0,
    noFirstStrike: [...memberEffects, ...areaEffects].every((list) => list.every((e) => !('firstStrike' in e))),
    endOfRound: Int32Array.from(objectives.flatMap((o, i) => (o.def.kind === 'reach' || o.def.kind === 'control' ? [i] : []))),
    morale: setup.ruleset.morale.enabled,
    tie: setup.ruleset.clash.tie,
    absorbAt: setup.ruleset.clash.absorb === 'threshold' ? setup.ruleset.clash.absorbThreshold : 1,
    defenderOnce: setup.ruleset.clash.defenderRolls === 'once',
    sides: Int32Array.from(members, (m) => m.sides),
    damageResets: objectives.some((o) => o.resetOnDamage),

    retreatRoll: setup.ruleset.movement.retreat === 'roll',
    retreatTarget: setup.ruleset.movement.retreatTarget,
    interception: setup.ruleset.clash.interception,
    rollContested: Uint8Array.from(setup.objectives, (o) => (o.kind === 'interact' && o.whenContested === 'roll' ? 1 : 0)),
    endOfBattle: Int32Array.from(objectives.flatMap((o, i) => (o.def.kind === 'protect' || o.def.kind === 'survive' ? [i] : []))),
    phased: setup.ruleset.turnStructure === 'phased',
    endPoints: setup.endWhen.points ?? Infinity,
    endWhenAllDone: setup.endWhen.allObjectivesDone,

    keepHighest: setup.ruleset.clash.multipleAttackers === 'keepHighest',
  };
  const stride = members.reduce((h, m) => Math.max(h, m.maxHealth), 0) + 2;
  compiled.capStride = stride;
  compiled.capAt = new Int32Array(members.length * stride);
  members.forEach((m, i) => {
    for (let h = 0; h < stride - 1; h++) compiled.capAt[i * stride + h] = maxRoll(setup.ruleset, m.sides, m.maxHealth - h);
    compiled.capAt[i * stride + stride - 1] = maxRoll(setup.ruleset, m.sides, 0, true);
  });

  cache.set(setup, compiled);
  return compiled;
}

export { dieSides };
