/**
 * After the battle (R10): aftermath rolls for incapacitated members, the history entries they
 * produce, and die advancement. Deterministic: aftermath continues the battle's own PRNG.
 */
import type { AftermathOutcome, DieName, HistoryEntry } from '../model/types';
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
  const sides = Number(knobs.die.slice(1));
  const out: AftermathEntry[] = [];
  for (let m = 0; m < c.n; m++) {
    if ((s.flags[m]! & FLAG.incapacitated) === 0) continue;
    const member = c.members[m]!;
    const roll = draw(s, sides);
    const outcome = knobs.table.find((row) => roll >= row.min && roll <= row.max)?.outcome ?? 'recovers';
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

/** Max Health after a lasting injury (R10.1): one less, never below 1. */
export function injuredHealth(maxHealth: number): number {
  return Math.max(1, maxHealth - 1);
}

/** The history entry an aftermath outcome adds (R10.2), or null for a member that recovers. */
export function aftermathHistory(entry: AftermathEntry, scenario: string, date: string): HistoryEntry | null {
  if (entry.outcome === 'recovers') return null;
  const text = entry.outcome === 'dead' ? `Fell and did not rise (aftermath roll ${entry.roll})` : `Lasting injury: max Health ${entry.maxHealth} (aftermath roll ${entry.roll})`;
  return { kind: entry.outcome === 'dead' ? 'death' : 'injury', scenario, date, text };
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
