/**
 * Dice: drawing from the battle PRNG (or a test-only scripted source), max roll (R1.4, R7.2),
 * capped rolls (R1.5), `dieOverride`, `keepHighest` and `rollModifier` (R11).
 */
import type { RulesetKnobs } from '../model/types';
import type { Compiled } from './compiled';
import { EK, effectLast, effectSum, fixedAnswer, noEffectOf } from './effect-index';
import type { Role } from './effect-index';
import type { EffectContext } from './effects';
import type { EventLog, RollPurpose } from './events';
import { rollWith } from './prng';
import { dieSides } from './setup';
import { FLAG } from './types';
import type { BattleState } from './types';

/**
 * Max roll of a die with `sides` sides after `lost` Health lost (R1.4): never above the die,
 * never below `damage.maxRollFloor`; a Captain in Last Stand uses `captain.lastStandMaxRoll` (R7.2).
 */
export function maxRoll(knobs: RulesetKnobs, sides: number, lost: number, lastStand = false): number {
  if (lastStand) return Math.max(1, Math.min(sides, knobs.captain.lastStandMaxRoll));
  const floor = Math.max(1, Math.min(sides, knobs.damage.maxRollFloor));
  return Math.min(sides, Math.max(floor, sides - knobs.damage.maxRollStep * lost));
}

/** One draw of 1..sides from the state's dice source (mutates `s.rng`; `s` is a private copy). */
export function draw(s: BattleState, sides: number): number {
  if (s.dice !== undefined) {
    const v = s.dice.roll(sides);
    if (!Number.isInteger(v) || v < 1 || v > sides) throw new Error(`scripted die returned ${v} for a d${sides}`);
    return v;
  }
  return rollWith(s.rng, sides);
}

/** The effect keys that change a roll (R11): {@link rollAt} reads none of them for a member no such effect can reach. */
export const ROLL_KEYS = (1 << EK.dieOverride) | (1 << EK.rollModifier) | (1 << EK.keepHighest);
/** The effect key of R11 dieOverride (another die rolled). */
const OVERRIDE_KEY = 1 << EK.dieOverride;
/** The effect key of R11 keepHighest (a second die, the higher kept). */
const KEEP_KEY = 1 << EK.keepHighest;
/** The effect keys that change the die rolled (R11 dieOverride, keepHighest). */
const DIE_KEYS = OVERRIDE_KEY | KEEP_KEY;
/** The effect key of R11 rollModifier (added to the roll). */
const MOD_KEY = 1 << EK.rollModifier;

/**
 * The one dice step of every roll (R1.5, R11 rollModifier): member `member` draws its die `die`
 * (null: its own; `sides` sides) — under `cappedReroll` a draw of 1..cap, else of the whole die
 * capped at `cap` — plus `mod`, at least 1, and logs it.
 */
function rollCapped(s: BattleState, c: Compiled, member: number, die: string | null, sides: number, cap: number, mod: number, purpose: RollPurpose, events: EventLog): number {
  // `=== true`: a field's boolean is otherwise tested as any value would be.
  const raw = draw(s, c.cappedReroll === true ? cap : sides);
  const final = Math.max(1, Math.min(raw, cap) + mod);
  if (events !== null) events.push({ type: 'dieRolled', member: c.members[member]!.key, die: die ?? c.members[member]!.die, raw, cap, modifiers: mod, final, purpose, kept: true });
  return final;
}

/**
 * A roll of member `member`'s own die plus `mod` (most rolls: no dieOverride or keepHighest can reach
 * it, or none applies): {@link rollOne} without the die's name to compare or look up. Its sides are read from
 * c.sides, its cap from the table compiled per Health (c.capAt); a Health outside it goes the long
 * way, through rollOne.
 */
function rollOwn(s: BattleState, c: Compiled, member: number, mod: number, purpose: RollPurpose, events: EventLog): number {
  let health = s.health[member]!;
  let flags = s.flags[member]!;
  // Phased turns: a member taken out earlier in this phase acts as it stood when the phase began (seed 002).
  if ((flags & FLAG.incapacitated) !== 0 && s.phased !== undefined && s.phased.able[member] === 1) {
    health = s.phased.startHealth[member]!;
    flags = s.phased.startFlags[member]!;
  }
  const stride = c.capStride;
  if (health < 0 || health >= stride - 1 || health !== (health | 0)) return rollOne(s, c, member, c.members[member]!.die, mod, purpose, events);
  return rollCapped(s, c, member, null, c.sides[member]!, c.capAt[member * stride + ((flags & FLAG.lastStand) !== 0 ? stride - 1 : health)]!, mod, purpose, events);
}

/** The die other than a member's own that a roll last named (an effect's `dieOverride` / `keepHighest` string), and its sides. */
let otherDie = '';
let otherSides = 0;

/** `dieSides(die)` (R1.1), worked out again only when the die differs from the last one asked (most setups name one or two). */
const sidesOf = (die: string): number => {
  if (die !== otherDie) {
    otherSides = dieSides(die);
    otherDie = die;
  }
  return otherSides;
};

/** A roll of die `die` (member `member`'s own, or a `dieOverride` / `keepHighest` die) plus `mod`, capped where it stands (R1.4, R7.2). */
function rollOne(s: BattleState, c: Compiled, member: number, die: string, mod: number, purpose: RollPurpose, events: EventLog): number {
  const m = c.members[member]!;
  const own = die === m.die;
  const sides = own ? m.sides : sidesOf(die);
  let health = s.health[member]!;
  let flags = s.flags[member]!;
  // Phased turns: as in rollOwn.
  if ((flags & FLAG.incapacitated) !== 0 && s.phased !== undefined && s.phased.able[member] === 1) {
    health = s.phased.startHealth[member]!;
    flags = s.phased.startFlags[member]!;
  }
  const lastStand = (flags & FLAG.lastStand) !== 0;
  const stride = c.capStride;
  // The member's own die: its cap as compiled for this Health (c.capAt); any other die works it out.
  const cap =
    own && health >= 0 && health < stride - 1 && health === (health | 0)
      ? c.capAt[member * stride + (lastStand ? stride - 1 : health)]!
      : maxRoll(s.setup.ruleset, sides, m.maxHealth - health, lastStand);
  return rollCapped(s, c, member, die, sides, cap, mod, purpose, events);
}

/**
 * Rolls a member's die in a context: its own die or `dieOverride`, capped (R1.4/R1.5), plus
 * `rollModifier` (result ≥ 1), keeping the higher of a `keepHighest` die. Logs every die.
 */
export function rollMember(s: BattleState, c: Compiled, ctx: EffectContext, purpose: RollPurpose, events: EventLog): number {
  return rollAt(s, c, ctx.member, ctx.role, ctx.opponent ?? -1, ctx.inSwarm === true, ctx.vsSwarm === true, purpose, events);
}

/** {@link rollMember} with the context as scalars (member `m`, its role, opponent or −1, Swarm flags): no context object. */
export function rollAt(s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean, purpose: RollPurpose, events: EventLog): number {
  // No dieOverride, rollModifier or keepHighest can reach `m` where it stands (effect-index.ts):
  // the three queries below would find nothing and mark nothing, so its own die is rolled unmodified.
  if (noEffectOf(s, c, ROLL_KEYS, m)) return rollOwn(s, c, m, 0, purpose, events);
  return rollByEffects(s, c, m, role, opp, inSwarm, vsSwarm, purpose, events);
}

/**
 * {@link rollAt} where some roll effect may reach `m` (a function of its own, so that rollAt stays
 * small enough to be inlined where a Clash rolls, and leaves V8 room to inline more there).
 */
function rollByEffects(s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean, purpose: RollPurpose, events: EventLog): number {
  // No dieOverride or keepHighest can reach `m`, and its rollModifier effects have a role alone:
  // the modifier was worked out per setup (effect-index.ts RoleFixed); its own die is rolled once.
  const fixedMod = fixedAnswer(c.effects.fixed.roll, c.effects.fixed.rollSlot, s, c, m, role);
  if (fixedMod === fixedMod) return rollOwn(s, c, m, fixedMod, purpose, events);
  // Else the queries run, each only for a key some effect of which can reach `m` where it stands
  // (the others would find nothing and mark nothing): one mask read instead of a call each.
  const keys = c.effects.keysAt[m * c.links.length + s.area[m]!]!;
  const mod = (keys & MOD_KEY) === 0 ? 0 : effectSum(s, c, EK.rollModifier, m, role, opp, inSwarm, vsSwarm);
  // No dieOverride or keepHighest can reach `m`: its own die, plus the modifier.
  if ((keys & DIE_KEYS) === 0) return rollOwn(s, c, m, mod, purpose, events);
  const die = (keys & OVERRIDE_KEY) === 0 ? null : effectLast(s, c, EK.dieOverride, m, role, opp, inSwarm, vsSwarm);
  // No dieOverride applies: its own die, as rollOne would roll it (no die name to compare).
  const first = die === null ? rollOwn(s, c, m, mod, purpose, events) : rollOne(s, c, m, die, mod, purpose, events);
  const extra = (keys & KEEP_KEY) === 0 ? null : effectLast(s, c, EK.keepHighest, m, role, opp, inSwarm, vsSwarm);
  if (extra === null) return first;
  const firstEvent = events === null ? null : events[events.length - 1]!;
  const second = rollOne(s, c, m, extra, mod, purpose, events);
  const secondEvent = events === null ? null : events[events.length - 1]!;
  // The discarded die of the pair is logged as not kept.
  const dropped = second > first ? firstEvent : secondEvent;
  if (dropped !== null && dropped.type === 'dieRolled') dropped.kept = false;
  return second > first ? second : first;
}
