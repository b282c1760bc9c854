/** The campaign's standings table, computed from its recorded battles. */
import type { CampaignBattle, CampaignDoc } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { crewName } from './refs';

/** One crew's line of the standings. */
export interface StandingRow {
  crew: string;
  name: string;
  battles: number;
  wins: number;
  draws: number;
  losses: number;
  pointsFor: number;
  pointsAgainst: number;
  /** 1-based place; crews level on every tie-break share it. */
  rank: number;
}

/** The running totals the standings are made of, per crew id. */
export type Tally = Omit<StandingRow, 'crew' | 'name' | 'rank'>;

/** A zero tally. */
export const emptyTally = (): Tally => ({ battles: 0, wins: 0, draws: 0, losses: 0, pointsFor: 0, pointsAgainst: 0 });

/** Adds one battle's result to the tallies of the crews that fought it (crews not in `tallies` are skipped). */
export function addBattle(tallies: Map<string, Tally>, battle: Pick<CampaignBattle, 'sides' | 'winner' | 'points'>): void {
  const sides = Object.keys(battle.sides ?? {});
  for (const side of sides) {
    const t = tallies.get(battle.sides[side]!);
    if (!t) continue;
    const other = sides.find((s) => s !== side);
    t.battles++;
    if (battle.winner === null) t.draws++;
    else if (battle.winner === side) t.wins++;
    else t.losses++;
    t.pointsFor += battle.points?.[side] ?? 0;
    t.pointsAgainst += other === undefined ? 0 : (battle.points?.[other] ?? 0);
  }
}

/**
 * Orders tallies: most wins, then most draws, then best points difference, then most points
 * scored. Returns indexes into `tallies`, best first; `rankOf[i]` is the shared 1-based place.
 */
export function order(tallies: readonly Tally[]): { order: number[]; rankOf: number[] } {
  const key = (t: Tally): number[] => [t.wins, t.draws, t.pointsFor - t.pointsAgainst, t.pointsFor];
  const cmp = (a: number, b: number): number => {
    const ka = key(tallies[a]!);
    const kb = key(tallies[b]!);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return 0;
  };
  const idx = tallies.map((_, i) => i).sort((a, b) => cmp(a, b) || a - b);
  const rankOf: number[] = new Array<number>(tallies.length).fill(0);
  idx.forEach((t, pos) => {
    rankOf[t] = pos > 0 && cmp(idx[pos - 1]!, t) === 0 ? rankOf[idx[pos - 1]!]! : pos + 1;
  });
  return { order: idx, rankOf };
}

/** The standings of the campaign's crews (in `crews` order when level), best first. */
export function standings(model: WorkspaceModel, campaign: CampaignDoc): StandingRow[] {
  const ids = [...new Set(campaign.crews ?? [])];
  const tallies = new Map(ids.map((id) => [id, emptyTally()]));
  for (const b of campaign.battles ?? []) addBattle(tallies, b);
  const list = ids.map((id) => tallies.get(id)!);
  const { order: best, rankOf } = order(list);
  return best.map((i) => ({ crew: ids[i]!, name: crewName(model, ids[i]!), ...list[i]!, rank: rankOf[i]! }));
}
