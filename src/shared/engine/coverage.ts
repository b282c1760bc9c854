/**
 * Rule coverage (issue 16 item 6): a per-battle record of which tracked rules and which effects
 * fired. The engine marks a slot where a rule applies (`markRule`) or an effect is read by a rule
 * with its `when` holding (effect-index.ts); nothing is built, one byte is set. The recorder is off
 * (null) unless a simulation runner turns it on for a battle, and the runner turns it off while a
 * bot thinks, so only the rules' own reads count, never a bot's look-ahead.
 *
 * Slots of a setup: the tracked rules (`COVERED_RULES` order), then every member effect (members in
 * setup order, each member's effects in order), every Area effect, every objective, every Area.
 * Objectives and Areas are filled by the runner from the battle's end state.
 */
import type { RulesetKnobs } from '../model/types';
import type { BattleSetup } from './types';

/** One rule of docs/rules.md the engine tracks: its id (`R4.3`, `R12.morale`) and when it counts. */
export interface CoveredRule {
  id: string;
  /** When the rule counts as fired, in words ("a defended pair tied"). */
  what: string;
  /** Why the ruleset switches the rule off (naming the knob), or null when it is in play. */
  off?: (r: RulesetKnobs) => string | null;
}

const knobOff = (on: boolean, knob: string): string | null => (on ? null : `the ruleset sets ${knob}`);

/** The tracked rules, in slot order. Their slot numbers are {@link CR}. */
export const COVERED_RULES: readonly CoveredRule[] = [
  { id: 'R2.2', what: 'Initiative was decided between equal crew values (roll-off or alternate)' },
  { id: 'R3.1', what: 'a Clash was declared' },
  { id: 'R3.3', what: 'an interceptor defended a friend', off: (r) => knobOff(r.clash.interception, 'clash.interception: false') },
  { id: 'R4.3', what: 'a defended pair tied' },
  { id: 'R4.4', what: 'a target absorbed (only the attacker rolled)' },
  { id: 'R5.3', what: 'a member was incapacitated' },
  { id: 'R6.1', what: 'a Swarm attacked' },
  { id: 'R6.3', what: 'a losing Swarm lost a member' },
  { id: 'R7.2', what: 'a Captain made a Last Stand', off: (r) => knobOff(r.captain.lastStand, 'captain.lastStand: false') },
  { id: 'R7.3', what: 'a Captain in Last Stand lost a pair', off: (r) => knobOff(r.captain.lastStand, 'captain.lastStand: false') },
  { id: 'R8.2', what: 'a member moved to another Area' },
  { id: 'R8.4', what: 'a Retreat roll failed', off: (r) => knobOff(r.movement.retreat === 'roll', 'movement.retreat: free') },
  { id: 'R9.2', what: 'a member worked on an interact objective' },
  { id: 'R9.3', what: "damage reset a side's progress on an objective (resetOnDamage)" },
  { id: 'R9.4', what: 'an end-of-round objective (reach, control) scored' },
  { id: 'R9.5', what: 'a battle ended before its last round' },
  { id: 'R12.keepHighest', what: 'attackers on one target rolled together and kept the highest', off: (r) => knobOff(r.clash.multipleAttackers === 'keepHighest', 'clash.multipleAttackers: separate') },
  { id: 'R12.morale', what: 'an npc crew rolled for morale', off: (r) => knobOff(r.morale.enabled, 'morale.enabled: false') },
  { id: 'R12.startOfCombat', what: "a member reached the start-of-combat roll and acted first", off: (r) => knobOff(r.initiative.mode === 'startOfCombat', 'initiative.mode: lowestValue') },
];

/**
 * Slot numbers of the tracked rules (same order as {@link COVERED_RULES}). A const enum: esbuild
 * writes its members as literals where it bundles (a marked slot costs no load of an object).
 */
export const enum CR {
  initiativeTie = 0,
  clash = 1,
  interception = 2,
  tie = 3,
  absorb = 4,
  incapacitated = 5,
  swarm = 6,
  swarmLoss = 7,
  lastStand = 8,
  lastStandLoss = 9,
  move = 10,
  retreatFailed = 11,
  interact = 12,
  progressReset = 13,
  endOfRound = 14,
  earlyEnd = 15,
  keepHighest = 16,
  morale = 17,
  startOfCombat = 18,
}

/** Number of rule slots: effect slots start here. */
export const RULE_SLOTS = COVERED_RULES.length;

/** Where each group of slots starts for one setup, and how many slots there are. */
export interface CoverageSlots {
  /** First slot of each member's effects (setup order), then of each Area's effects. */
  memberEffects: number[];
  areaEffects: number[];
  objectives: number;
  areas: number;
  total: number;
}

/** The slot layout of a setup (see the module comment). */
export function coverageSlots(setup: BattleSetup): CoverageSlots {
  let next = RULE_SLOTS;
  const memberEffects: number[] = [];
  for (const side of setup.sides) {
    for (const m of side.members) {
      memberEffects.push(next);
      next += m.effects.length;
    }
  }
  const areaEffects: number[] = [];
  for (const a of setup.areas) {
    areaEffects.push(next);
    next += a.effects.length;
  }
  const objectives = next;
  const areas = objectives + setup.objectives.length;
  return { memberEffects, areaEffects, objectives, areas, total: areas + setup.areas.length };
}

/** The flags of the battle being recorded, or null when nothing records. */
let fired: Uint8Array | null = null;

/** Turns the recorder on (flags of one battle, every slot of its setup) or off (null). */
export function recordCoverage(flags: Uint8Array | null): void {
  fired = flags;
}

/** The flags being recorded now, or null when the recorder is off (to turn it off for a while and back on). */
export function coverageRecorder(): Uint8Array | null {
  return fired;
}

/** Marks a slot as fired when a battle is being recorded (a rule slot from {@link CR}, or an effect's slot). */
export function markSlot(slot: number): void {
  if (fired !== null) fired[slot] = 1;
}
