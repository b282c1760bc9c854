/**
 * The gate in front of every recording: a battle record is checked against the campaign and the
 * crews as they are now, and refused with messages that name the thing and the fix. Nothing is
 * written for a refused record (bad input never loses data).
 */
import { aftermathOutcome, aftermathSides } from '../engine/aftermath';
import type { CampaignBattle, CampaignDoc, RulesetKnobs } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { battleKnobs, campaignsOfCrew, findMember, isDate, isDead, parseMemberRef } from './refs';

/** One reason a record is refused. */
export interface RecordProblem {
  /** Stable code, `campaign/…`. */
  code: string;
  message: string;
}

/** Bot names a battle's `ai` may carry (as the `play` command accepts them). */
export const BOT_NAME = /^(random|greedy|mcts(:[1-9][0-9]*)?)$/;

/** Where (battle number and date) a member died, from the ledger, or null. */
export function deathOf(campaign: CampaignDoc, ref: string): { index: number; date: string } | null {
  const battles = campaign.battles ?? [];
  for (let i = 0; i < battles.length; i++) {
    if ((battles[i]!.aftermath ?? []).some((a) => a.member === ref && a.outcome === 'dead')) return { index: i, date: battles[i]!.date };
  }
  return null;
}

/** Problems of the campaign itself that stop any recording: unknown crews or scenarios. */
export function campaignProblems(model: WorkspaceModel, campaign: CampaignDoc): RecordProblem[] {
  const out: RecordProblem[] = [];
  const file = model.pathOf.get(`campaign:${campaign.id}`) ?? 'its file';
  for (const c of campaign.crews ?? []) {
    if (!model.crews.has(c)) out.push({ code: 'campaign/unknown-crew', message: `campaign '${campaign.id}' names crew '${c}', which does not exist (or has errors); fix 'crews' in ${file} or create the crew` });
  }
  for (const s of campaign.scenarios ?? []) {
    if (!model.scenarios.has(s)) out.push({ code: 'campaign/unknown-scenario', message: `campaign '${campaign.id}' plans scenario '${s}', which does not exist (or has errors); fix 'scenarios' in ${file} or create the scenario` });
  }
  for (const c of campaign.crews ?? []) {
    for (const other of campaignsOfCrew(model, c, campaign.id)) {
      out.push({ code: 'campaign/crew-shared', message: `crew '${c}' is in campaign '${campaign.id}' and in campaign '${other.id}'; a crew's history can follow one campaign only — copy the crew under a new id for the other campaign` });
    }
  }
  return out;
}

/**
 * Every problem of recording `battle` into campaign `campaignId`, or none. Checks the campaign,
 * the scenario (planned in the campaign), the sides (two different crews of the campaign, each with
 * a living member), winner, points, date, seed, ruleset, every aftermath roll (a living member of a
 * side, rolled once, within the aftermath die, outcome from the ruleset's table, taken down by a
 * living enemy), fled members and bots.
 */
export function checkRecord(model: WorkspaceModel, campaignId: string, battle: CampaignBattle): RecordProblem[] {
  const campaign = model.campaigns.get(campaignId);
  if (!campaign) return [{ code: 'campaign/unknown', message: `campaign '${campaignId}' does not exist (or its file has errors); pick an existing campaign` }];
  const out = campaignProblems(model, campaign);
  const add = (code: string, message: string): void => void out.push({ code, message });
  const me = `the battle to record in campaign '${campaignId}'`;
  const scenario = model.scenarios.get(battle.scenario);
  if (!scenario) add('campaign/unknown-scenario', `${me}: scenario '${battle.scenario}' does not exist; pick one of ${[...model.scenarios.keys()].join(', ') || '(none)'}`);
  else if (!(campaign.scenarios ?? []).includes(battle.scenario)) add('campaign/unplanned-scenario', `${me}: scenario '${battle.scenario}' is not planned in this campaign; add it to the campaign's 'scenarios' first`);
  if (!isDate(battle.date)) add('campaign/bad-date', `${me}: date '${String(battle.date)}' is not a day written YYYY-MM-DD`);
  if (battle.seed !== undefined && !(Number.isInteger(battle.seed) && battle.seed >= 0 && battle.seed <= 0xffffffff)) add('campaign/bad-seed', `${me}: seed ${String(battle.seed)} must be a whole number 0..4294967295`);
  const sideIds = scenario ? scenario.sides.map((s) => s.id) : Object.keys(battle.sides ?? {});
  const written = Object.keys(battle.sides ?? {});
  if (scenario && (written.length !== 2 || !sideIds.every((s) => written.includes(s)))) {
    add('campaign/bad-sides', `${me}: give a crew for each side of '${battle.scenario}' (${sideIds.join(' and ')}), not ${written.join(', ') || 'none'}`);
  }
  const crewOfSide = new Map<string, string>();
  for (const side of written) {
    const crewId = battle.sides[side]!;
    crewOfSide.set(side, crewId);
    const crew = model.crews.get(crewId);
    if (!crew) add('campaign/unknown-crew', `${me}: side '${side}' crew '${crewId}' does not exist (it may have been deleted or renamed); pick a crew of the campaign`);
    else if (!(campaign.crews ?? []).includes(crewId)) add('campaign/crew-not-in-campaign', `${me}: crew '${crewId}' (side '${side}') is not in this campaign; add it to the campaign's 'crews' or pick one of ${(campaign.crews ?? []).join(', ')}`);
    else if (crew.members.every(isDead)) add('campaign/no-living-members', `${me}: every member of crew '${crewId}' is dead; it cannot fight again`);
  }
  if (written.length === 2 && battle.sides[written[0]!] === battle.sides[written[1]!]) add('campaign/same-crew', `${me}: crew '${battle.sides[written[0]!]}' cannot fight itself; pick two different crews`);
  if (battle.winner !== null && !written.includes(battle.winner)) add('campaign/bad-winner', `${me}: winner '${String(battle.winner)}' is not a side (${written.join(', ')}); give a side id or null for a draw`);
  for (const side of written) {
    const p = battle.points?.[side];
    if (!Number.isInteger(p)) add('campaign/bad-points', `${me}: points of side '${side}' must be a whole number, not ${String(p)}`);
  }
  const knobs = scenario ? battleKnobs(model, battle.scenario, battle.ruleset) : null;
  if (knobs && !knobs.ok) add('campaign/unknown-ruleset', `${me}: ${knobs.error.message}`);
  const aftermath = knobs?.ok ? knobs.value.aftermath : null;
  checkMembers(model, campaign, battle, crewOfSide, aftermath, add, me);
  if (battle.seed !== undefined) {
    const same = (campaign.battles ?? []).findIndex((b) => b.seed === battle.seed && b.scenario === battle.scenario && JSON.stringify(b.sides) === JSON.stringify(battle.sides) && b.date === battle.date);
    if (same >= 0) add('campaign/duplicate-battle', `${me}: this battle (${battle.scenario}, seed ${battle.seed}, ${battle.date}) is already in the ledger as battle #${same + 1}; it would be recorded twice`);
  }
  for (const [side, bot] of Object.entries(battle.ai ?? {})) {
    if (!written.includes(side) || !BOT_NAME.test(bot)) add('campaign/bad-ai', `${me}: 'ai' must map each side id to a bot (random, greedy, mcts or mcts:N), not ${side}: ${bot}`);
  }
  return out;
}

function checkMembers(
  model: WorkspaceModel,
  campaign: CampaignDoc,
  battle: CampaignBattle,
  crewOfSide: Map<string, string>,
  knobs: RulesetKnobs['aftermath'] | null,
  add: (code: string, message: string) => void,
  me: string,
): void {
  const sideOfCrew = new Map([...crewOfSide].map(([s, c]) => [c, s]));
  const living = (ref: string, code: string, what: string): boolean => {
    const r = parseMemberRef(ref);
    const crew = r ? model.crews.get(r.crew) : undefined;
    const member = r ? findMember(crew, r.member) : undefined;
    if (!r || !sideOfCrew.has(r.crew)) {
      add(code, `${me}: ${what} '${ref}' is not crew/member of a crew in this battle (${[...sideOfCrew.keys()].join(', ')})`);
      return false;
    }
    if (!member) {
      add(code, `${me}: ${what} '${ref}': crew '${r.crew}' has no member '${r.member}'`);
      return false;
    }
    if (isDead(member)) {
      const d = deathOf(campaign, ref);
      add('campaign/dead-member', `${me}: ${member.name} ('${ref}') is dead${d ? ` since battle #${d.index + 1} (${d.date})` : ''} and cannot fight; remove it from the battle`);
      return false;
    }
    return true;
  };
  const seen = new Set<string>();
  for (const a of battle.aftermath ?? []) {
    if (seen.has(a.member)) add('campaign/aftermath-duplicate', `${me}: '${a.member}' rolls its aftermath twice; keep one roll per member`);
    seen.add(a.member);
    const ok = living(a.member, 'campaign/aftermath-member', 'aftermath member');
    if (knobs) {
      const sides = aftermathSides(knobs);
      if (!Number.isInteger(a.roll) || a.roll < 1 || a.roll > sides) add('campaign/aftermath-roll', `${me}: '${a.member}' rolled ${String(a.roll)}, but the aftermath die is a ${knobs.die} (1..${sides}); type the roll again`);
      else if (aftermathOutcome(knobs, a.roll) !== a.outcome) add('campaign/aftermath-outcome', `${me}: '${a.member}' rolled ${a.roll}, which the ruleset's aftermath table reads as '${aftermathOutcome(knobs, a.roll)}', not '${a.outcome}'`);
    }
    if (a.by !== undefined && ok && living(a.by, 'campaign/aftermath-by', 'taken down by')) {
      const victim = parseMemberRef(a.member)!;
      if (parseMemberRef(a.by)!.crew === victim.crew) add('campaign/aftermath-by', `${me}: '${a.member}' cannot be taken down by '${a.by}', a member of its own crew`);
    }
  }
  for (const f of battle.fled ?? []) {
    if (!living(f, 'campaign/fled-member', 'fled member')) continue;
    if (seen.has(f)) add('campaign/fled-member', `${me}: '${f}' both fled and was incapacitated; a member that fled rolls no aftermath`);
  }
}
