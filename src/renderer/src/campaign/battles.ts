/**
 * Preparing campaign battles for Play and turning played ones into records: the next battle (a
 * fresh seed; bots' battles are played out from the seed exactly as `mortisphere play` would),
 * the replay of a recorded battle with the crews as they stood, and the record of a finished one.
 */
import { crewsBefore, recordFromBattle, withCrews } from '../../../shared/campaign';
import type { NextBattle } from '../../../shared/campaign';
import { buildSetup } from '../../../shared/engine';
import type { Action, BattleSetup } from '../../../shared/engine';
import { getPolicies } from '../../../shared/engine/bots';
import { playBattle } from '../../../shared/engine/sim/runner';
import { playBotSeed } from '../../../shared/engine/sim/seed';
import type { CampaignBattle, CampaignDoc } from '../../../shared/model/types';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import type { Player, SetupChoice } from '../testrun/setup-choice';
import type { CampaignPlay, PlayedForCampaign } from './campaign-bridge';

const isBot = (p: Player): boolean => p !== 'me';

/** The bots' decisions of a whole battle from its seed, as `mortisphere play --ai A,B --seed S` plays it. */
export function botBattle(setup: BattleSetup, bots: [string, string], seed: number): Result<Action[]> {
  const policies = getPolicies(bots);
  if (!policies.ok) return policies;
  const played = playBattle(setup, policies.value, seed >>> 0, playBotSeed(seed >>> 0));
  return played.ok ? ok(played.value.decisions) : err(played.error.code, played.error.message);
}

/**
 * The Play request of the campaign's next battle: the planned scenario and crews, the ruleset by
 * the usual precedence, `seed`, and who plays each side. With bots on both sides the whole battle
 * is played out now, so Play opens it finished (rewind to watch it); with a person it starts fresh.
 */
export function nextBattlePlay(model: WorkspaceModel, campaign: CampaignDoc, path: string, next: NextBattle, players: [Player, Player], seed: number): Result<Omit<CampaignPlay, 'key'>> {
  if (next.problem) return err('campaign/cannot-play', `The next battle cannot be played: ${next.problem}.`);
  const crews: [string, string] = [next.sides[0]!.crew, next.sides[1]!.crew];
  const choice: SetupChoice = { scenario: next.scenario, crews, ruleset: '', players, seed };
  if (!isBot(players[0]) || !isBot(players[1])) return ok({ campaignPath: path, campaignId: campaign.id, choice, opened: null, replay: false });
  const setup = buildSetup(model, { scenario: next.scenario, crews });
  if (!setup.ok) return setup;
  const decisions = botBattle(setup.value, [players[0], players[1]], seed);
  if (!decisions.ok) return decisions;
  const note = `${next.scenarioName}: ${next.sides.map((s) => s.name).join(' against ')}, played by ${players.join(' and ')} from seed ${seed}. Rewind to any event to watch it; record it when you are done.`;
  return ok({ campaignPath: path, campaignId: campaign.id, choice, opened: { setup: setup.value, seed, decisions: decisions.value, note }, replay: false });
}

/** The outcome of preparing a replay: the Play request and what the user should be told. */
export interface ReplayPlan {
  play: Omit<CampaignPlay, 'key'>;
  /** Whether the crews could be reconstructed exactly and the replay gives the recorded result. */
  exact: boolean;
  message: string;
}

const sameResult = (a: CampaignBattle, b: CampaignBattle): boolean =>
  a.winner === b.winner &&
  JSON.stringify(a.points) === JSON.stringify(b.points) &&
  JSON.stringify((a.aftermath ?? []).map(({ member, roll, outcome }) => ({ member, roll, outcome }))) ===
    JSON.stringify((b.aftermath ?? []).map(({ member, roll, outcome }) => ({ member, roll, outcome })));

/**
 * Replays recorded battle `index`: the crews as they stood before it (reconstructed from their
 * history), its seed, and its bots. Says when the crews changed since, and when the replay cannot
 * be exact (history that does not account for a change, a person who played, a different result).
 */
export function replayPlay(model: WorkspaceModel, campaign: CampaignDoc, path: string, index: number): Result<ReplayPlan> {
  const b = campaign.battles?.[index];
  if (!b) return err('campaign/no-battle', `Battle #${index + 1} is not in the ledger any more.`);
  if (b.seed === undefined) return err('campaign/no-seed', `Battle #${index + 1} was played at the table: it has no seed, so the engine cannot replay it.`);
  const sides = Object.keys(b.sides);
  const scenario = model.scenarios.get(b.scenario);
  const order = scenario ? scenario.sides.map((s) => s.id) : sides;
  const crews: [string, string] = [b.sides[order[0]!] ?? '', b.sides[order[1]!] ?? ''];
  const before = crewsBefore(model, campaign, index);
  const then = withCrews(model, before.crews);
  const setup = buildSetup(then, { scenario: b.scenario, crews, ruleset: b.ruleset });
  if (!setup.ok) return err(setup.error.code, `Battle #${index + 1} cannot be set up again: ${setup.error.message}`);
  const profile = (m: WorkspaceModel['crews'], id: string): string => JSON.stringify((m.get(id)?.members ?? []).map((x) => [x.id, x.die, x.health, x.status ?? 'active']));
  const changed = crews.some((c) => profile(before.crews, c) !== profile(model.crews, c));
  const ai = b.ai ? ([b.ai[order[0]!], b.ai[order[1]!]] as [string | undefined, string | undefined]) : null;
  const bots: [string, string] = [ai?.[0] ?? 'greedy', ai?.[1] ?? 'greedy'];
  const policies = getPolicies(bots);
  if (!policies.ok) return policies;
  const replayed = playBattle(setup.value, policies.value, b.seed, playBotSeed(b.seed), true);
  if (!replayed.ok) return err(replayed.error.code, replayed.error.message);
  const again = recordFromBattle(replayed.value.state, replayed.value.events, { date: b.date });
  const matches = sameResult(again, b);
  const parts: string[] = [];
  parts.push(changed ? `The crews changed since battle #${index + 1}; it is replayed with the crews as they stood that day, rebuilt from their history.` : `Battle #${index + 1} is replayed with its seed ${b.seed}.`);
  if (!ai) parts.push('The ledger does not say that bots played it from its seed (a person played, or it was recorded from a log without its bots), so greedy bots replay it: it will not go as the real battle did.');
  if (before.notes.length > 0) parts.push(`The crews cannot be rebuilt exactly: ${before.notes.join('; ')}.`);
  if (ai && !matches) parts.push('This replay does not end as the ledger records (the crews or the rules changed in a way their history does not show), so it is not exactly the recorded battle.');
  else if (ai && matches && before.notes.length === 0) parts.push('It ends exactly as recorded.');
  const exact = !!ai && matches && before.notes.length === 0;
  return ok({
    exact,
    message: parts.join(' '),
    play: {
      campaignPath: path,
      campaignId: campaign.id,
      choice: { scenario: b.scenario, crews, ruleset: b.ruleset ?? '', players: [bots[0] as Player, bots[1] as Player], seed: b.seed },
      opened: { setup: setup.value, seed: b.seed, decisions: replayed.value.decisions, note: parts.join(' ') },
      replay: true,
    },
  });
}

/**
 * The campaign record of a battle played in Play. Bots are recorded (`ai`) only when both sides
 * were bots and their decisions from the seed are exactly the battle's (a rewound and replayed
 * battle is recorded without them: it cannot be replayed from the seed alone).
 */
export function recordOfPlayed(p: PlayedForCampaign, date: string, text: string): CampaignBattle {
  let ai: [string, string] | undefined;
  if (isBot(p.players[0]) && isBot(p.players[1])) {
    const again = botBattle(p.setup, [p.players[0], p.players[1]], p.seed);
    if (again.ok && JSON.stringify(again.value) === JSON.stringify(p.decisions)) ai = [p.players[0], p.players[1]];
  }
  return recordFromBattle(p.state, p.events, { date, text: text.trim() || undefined, ai });
}

/** Today in local time, YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
