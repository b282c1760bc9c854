/** Everything the Campaign view and `mortisphere campaign status` show, in one value. */
import type { CampaignDoc } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { campaignProblems } from './check-record';
import type { RecordProblem } from './check-record';
import { ledger } from './ledger';
import type { LedgerRow } from './ledger';
import { crewName, isDead, scenarioName } from './refs';
import { rosters } from './roster';
import type { Roster } from './roster';
import { remainingBattles } from './schedule';
import { standings } from './standings';
import type { StandingRow } from './standings';

/** A planned battle with names and the members each crew fields. */
export interface NextBattle {
  scenario: string;
  scenarioName: string;
  sides: { side: string; crew: string; name: string; fielded: string[] }[];
  /** Why it cannot be played as planned (a crew missing or with nobody left), else null. */
  problem: string | null;
}

/** The whole state of a campaign. */
export interface CampaignStatus {
  id: string;
  name: string;
  path: string | null;
  crews: { id: string; name: string; exists: boolean }[];
  standings: StandingRow[];
  ledger: LedgerRow[];
  rosters: Roster[];
  next: NextBattle | null;
  /** The remaining planned battles after `next`. */
  later: NextBattle[];
  problems: RecordProblem[];
}

/** The state of `campaign` in `model`. */
export function campaignStatus(model: WorkspaceModel, campaign: CampaignDoc): CampaignStatus {
  const planned = remainingBattles(model, campaign).map((p): NextBattle => {
    const sides = p.sides.map((side, i) => {
      const id = p.crews[i]!;
      const crew = model.crews.get(id);
      return { side, crew: id, name: id === '' ? '(none)' : crewName(model, id), fielded: (crew?.members ?? []).filter((m) => !isDead(m)).map((m) => m.name) };
    });
    const missing = sides.find((s) => s.crew === '' || !model.crews.has(s.crew));
    const empty = sides.find((s) => s.fielded.length === 0);
    const problem = missing
      ? missing.crew === ''
        ? `no crew of the campaign is left to play side ${missing.side}; add a crew to the campaign`
        : `crew '${missing.crew}' does not exist; fix the campaign's crews`
      : empty
        ? `${empty.name} has no living members and cannot fight`
        : null;
    return { scenario: p.scenario, scenarioName: scenarioName(model, p.scenario), sides, problem };
  });
  return {
    id: campaign.id,
    name: campaign.name,
    path: model.pathOf.get(`campaign:${campaign.id}`) ?? null,
    crews: (campaign.crews ?? []).map((id) => ({ id, name: crewName(model, id), exists: model.crews.has(id) })),
    standings: standings(model, campaign),
    ledger: ledger(model, campaign),
    rosters: rosters(model, campaign),
    next: planned[0] ?? null,
    later: planned.slice(1),
    problems: campaignProblems(model, campaign),
  };
}
