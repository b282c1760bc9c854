/** The campaign's ledger: every recorded battle as a readable row. */
import type { AftermathOutcome, CampaignDoc } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { crewName, memberName, scenarioName, sideIdsOf } from './refs';

/** One aftermath roll of a ledger row, with names. */
export interface LedgerAftermath {
  member: string;
  name: string;
  roll: number;
  outcome: AftermathOutcome;
  /** Name of the enemy that took it down, if recorded. */
  by: string | null;
}

/** One battle of the ledger. */
export interface LedgerRow {
  index: number;
  date: string;
  scenario: string;
  scenarioName: string;
  sides: { side: string; crew: string; name: string; points: number }[];
  winner: string | null;
  /** "The Iron Choir won", "Draw". */
  result: string;
  seed: number | null;
  ruleset: string | null;
  aftermath: LedgerAftermath[];
  fled: { member: string; name: string }[];
  /** Bots per side when bots played it from its seed; null otherwise. */
  ai: Record<string, string> | null;
  text: string | null;
  /** Crews of the battle that no longer exist in the workspace. */
  missingCrews: string[];
}

/** Every battle of the campaign, in order. */
export function ledger(model: WorkspaceModel, campaign: CampaignDoc): LedgerRow[] {
  return (campaign.battles ?? []).map((b, index) => {
    const sides = sideIdsOf(model, b).map((side) => ({ side, crew: b.sides[side]!, name: crewName(model, b.sides[side]!), points: b.points?.[side] ?? 0 }));
    const winner = b.winner === null ? null : (sides.find((s) => s.side === b.winner) ?? null);
    return {
      index,
      date: String(b.date),
      scenario: b.scenario,
      scenarioName: scenarioName(model, b.scenario),
      sides,
      winner: b.winner,
      result: winner ? `${winner.name} won` : b.winner === null ? 'Draw' : `side ${b.winner} won`,
      seed: b.seed ?? null,
      ruleset: b.ruleset ?? null,
      aftermath: (b.aftermath ?? []).map((a) => ({ member: a.member, name: memberName(model, a.member), roll: a.roll, outcome: a.outcome, by: a.by === undefined ? null : memberName(model, a.by) })),
      fled: (b.fled ?? []).map((f) => ({ member: f, name: memberName(model, f) })),
      ai: b.ai ?? null,
      text: b.text ?? null,
      missingCrews: sides.filter((s) => !model.crews.has(s.crew)).map((s) => s.crew),
    };
  });
}
