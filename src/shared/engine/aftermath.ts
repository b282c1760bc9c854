/**
 * After the battle (R10): aftermath rolls for incapacitated members, the history entries they
 * produce, and die advancement. Deterministic: aftermath continues the battle's own PRNG.
 */
import type { AftermathOutcome, DieName, HistoryEntry, RulesetKnobs } from '../model/types';
import { DICE } from '../model/types';
import { compile } from './compiled';
import { draw } from './rolls';
import { cloneState } from './state';
import { FLAG } from './types';
import type { BattleState, MemberKey } from './types';

/** One aftermath roll (R10.1), in the campaign log's shape plus display fields. */
export interface AftermathEntry {
  /** `crewId/memberId`, as recorded in a campaign's `battles[].aftermath`. */
  member: string;
  key: MemberKey;
  name: string;
  roll: number;
  outcome: AftermathOutcome;
  /** Max Health after the outcome (injury: −1, never below 1). */
  maxHealth: number;
}

/**
 * Rolls `aftermath.die` on `aftermath.table` for every incapacitated member (fled members do
 * not roll), in member order, continuing the battle's PRNG: same battle ⇒ same aftermath.
 * A roll that no table row covers counts as `recovers`.
 */
export function rollAftermath(state: BattleState): AftermathEntry[] {
  const s = cloneState(state);
  const c = compile(s.setup);
  const knobs = s.setup.ruleset.aftermath;
  const sides = aftermathSides(knobs);
  const out: AftermathEntry[] = [];
  for (let m = 0; m < c.n; m++) {
    if ((s.flags[m]! & FLAG.incapacitated) === 0) continue;
    const member = c.members[m]!;
    const roll = draw(s, sides);
    const outcome = aftermathOutcome(knobs, roll);
    out.push({
      member: `${s.setup.sides[c.sideOf[m]!]!.crewId}/${member.id}`,
      key: member.key,
      name: member.name,
      roll,
      outcome,
      maxHealth: outcome === 'injury' ? injuredHealth(member.maxHealth) : member.maxHealth,
    });
  }
  return out;
}

/** Sides of the ruleset's aftermath die (R10.1): the highest roll a member can make. */
export function aftermathSides(knobs: RulesetKnobs['aftermath']): number {
  return Number(knobs.die.slice(1));
}

/**
 * The outcome of an aftermath roll on the ruleset's table (R10.1), for a roll made by the engine
 * or typed in from a tabletop game. A roll that no table row covers counts as `recovers`.
 */
export function aftermathOutcome(knobs: RulesetKnobs['aftermath'], roll: number): AftermathOutcome {
  return knobs.table.find((row) => roll >= row.min && roll <= row.max)?.outcome ?? 'recovers';
}

/** Max Health after a lasting injury (R10.1): one less, never below 1. */
export function injuredHealth(maxHealth: number): number {
  return Math.max(1, maxHealth - 1);
}

/**
 * The history entry an aftermath outcome adds (R10.2), or null for a member that recovers. With
 * `healthBefore` an injury records its max Health change (`health: {from, to}`), so the crew can
 * be reconstructed as it stood before the battle.
 */
export function aftermathHistory(entry: Pick<AftermathEntry, 'roll' | 'outcome'>, scenario: string, date: string, healthBefore?: number): HistoryEntry | null {
  if (entry.outcome === 'recovers') return null;
  if (entry.outcome === 'dead') return { kind: 'death', scenario, date, text: `Fell and did not rise (aftermath roll ${entry.roll})` };
  if (healthBefore === undefined) return { kind: 'injury', scenario, date, text: `Lasting injury (aftermath roll ${entry.roll})` };
  const to = injuredHealth(healthBefore);
  return { kind: 'injury', scenario, date, health: { from: healthBefore, to }, text: `Lasting injury (aftermath roll ${entry.roll}): max Health ${healthBefore} → ${to}` };
}

/** The next Existence Die up (R10.3: d4→d6→d8→d10→d12→d20), or null from d20. */
export function nextDie(die: DieName): DieName | null {
  const i = DICE.indexOf(die);
  return i < 0 || i === DICE.length - 1 ? null : DICE[i + 1]!;
}

/** Die steps a member has earned from its victories (R10.3); the user applies them. */
export function advancementSteps(history: readonly HistoryEntry[], victoriesPerStep: number): number {
  const wins = history.filter((h) => h.kind === 'victory').length;
  return victoriesPerStep <= 0 ? 0 : Math.floor(wins / victoriesPerStep);
}

/**
 * Die steps earned (R10.3) but not yet taken: every `victoriesPerStep` victories earn one step and
 * every `advancement` entry in the history is one step taken. Never negative.
 */
export function advancementsAvailable(history: readonly HistoryEntry[], victoriesPerStep: number): number {
  const taken = history.filter((h) => h.kind === 'advancement').length;
  return Math.max(0, advancementSteps(history, victoriesPerStep) - taken);
}
