/**
 * The season forecast (issue 10): the campaign's remaining planned battles played `runs` times by
 * bots, aftermath carried from battle to battle (injuries lower max Health, the dead stop
 * fighting), giving per crew the chance of each final place and the expected points, and per
 * member the chance of surviving the season. Every run's dice depend only on (seed, run index),
 * and the statistics are integer counts merged by addition, so the report is the same for any
 * split of the runs over workers.
 *
 * Readings where the rules are silent: a crew whose Captain has died is led by its living member
 * with the largest die (first in the file on a tie); a crew with nobody left forfeits (0 points
 * for it, its opponent wins 0–0 unless both forfeit: a draw); advancement is never applied (it is
 * the user's choice, R10.3); places are shared by crews level on every tie-break, and a run counts
 * each crew at its own place.
 */
import { injuredHealth, rollAftermath } from '../engine/aftermath';
import { getPolicies } from '../engine/bots';
import type { Policy } from '../engine/bots';
import { buildSetup } from '../engine/setup';
import { playBattle } from '../engine/sim/runner';
import { mix32, runSeed } from '../engine/sim/seed';
import type { BattleSetup, SetupMember } from '../engine/types';
import type { CampaignDoc, CrewDoc } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { err, ok } from '../result';
import type { Result } from '../result';
import { cloneCrew } from './effects';
import { crewName, isDead, scenarioName } from './refs';
import { remainingBattles } from './schedule';
import { addBattle, emptyTally, order } from './standings';
import type { Tally } from './standings';

/** A member as the forecast tracks it. */
export interface ForecastMember {
  id: string;
  name: string;
  health: number;
  dead: boolean;
  sides: number;
}

/** A crew of the campaign at the start of the forecast. */
export interface ForecastCrew {
  id: string;
  name: string;
  members: ForecastMember[];
  tally: Tally;
}

/** One remaining battle: the scenario, the crews (indexes into `crews`) and the setup as they stand now. */
export interface ForecastBattle {
  scenario: string;
  name: string;
  crews: [number, number];
  setup: BattleSetup;
}

/** Everything a worker needs to play forecast runs (plain data). */
export interface ForecastPlan {
  campaign: string;
  name: string;
  seed: number;
  policies: [string, string];
  crews: ForecastCrew[];
  battles: ForecastBattle[];
}

/** Mergeable counts of forecast runs. */
export interface ForecastAccumulator {
  runs: number;
  /** [crew][place − 1]: runs in which the crew finished at that place. */
  places: number[][];
  /** [crew]: sum over runs of final points scored. */
  points: number[];
  /** [crew]: sum over runs of final wins. */
  wins: number[];
  /** [crew][member]: runs the member ended alive. */
  survived: number[][];
}

/** The forecast report (the `--json` of `campaign forecast`, and the Campaign view's charts). */
export interface ForecastReport {
  campaign: string;
  runs: number;
  seed: number;
  ai: [string, string];
  battles: { scenario: string; name: string; crews: [string, string] }[];
  crews: {
    crew: string;
    name: string;
    /** Probability of finishing 1st, 2nd, … (index 0 = 1st). */
    places: number[];
    expectedPoints: number;
    expectedWins: number;
    members: { member: string; name: string; survival: number }[];
  }[];
  elapsedMs: number;
}

/** The crew with its Captain replaced, when dead, by the living member with the largest die. */
function withLivingCaptain(crew: CrewDoc): CrewDoc {
  const living = crew.members.filter((m) => !isDead(m));
  if (living.length === 0 || living.some((m) => m.captain === true)) return crew;
  const copy = cloneCrew(crew);
  const best = copy.members.filter((m) => !isDead(m)).reduce((a, b) => (Number(b.die.slice(1)) > Number(a.die.slice(1)) ? b : a));
  for (const m of copy.members) if (!isDead(m)) m.captain = m === best;
  return copy;
}

/**
 * The forecast of `campaign` as the workspace stands: its remaining planned battles (crews paired
 * as `remainingBattles` does) with their setups. Errors name the battle that cannot be set up.
 */
export function forecastPlan(model: WorkspaceModel, campaign: CampaignDoc, policies: [string, string], seed: number): Result<ForecastPlan> {
  const ids = (campaign.crews ?? []).filter((id) => model.crews.has(id));
  const tallies = new Map(ids.map((id) => [id, emptyTally()]));
  for (const b of campaign.battles ?? []) addBattle(tallies, b);
  const crews = new Map([...model.crews].map(([id, c]) => [id, withLivingCaptain(c)]));
  const fmodel: WorkspaceModel = { ...model, crews };
  const planned: ForecastBattle[] = [];
  for (const p of remainingBattles(model, campaign)) {
    const [a, b] = p.crews;
    if (!ids.includes(a) || !ids.includes(b)) return err('forecast/no-crew', `the planned battle of '${p.scenario}' has no crew to field on side ${!ids.includes(a) ? p.sides[0] : p.sides[1]}; add crews to campaign '${campaign.id}'`);
    const built = buildSetup(fmodel, { scenario: p.scenario, crews: [a, b] });
    if (!built.ok) {
      if (built.error.code === 'setup/no-living-members') continue;
      return err(built.error.code, `the planned battle of '${p.scenario}' (${a} against ${b}) cannot be set up: ${built.error.message}`);
    }
    planned.push({ scenario: p.scenario, name: scenarioName(model, p.scenario), crews: [ids.indexOf(a), ids.indexOf(b)], setup: built.value });
  }
  const bots = getPolicies(policies);
  if (!bots.ok) return bots;
  return ok({
    campaign: campaign.id,
    name: campaign.name,
    seed: seed >>> 0,
    policies,
    crews: ids.map((id) => ({
      id,
      name: crewName(model, id),
      members: model.crews.get(id)!.members.map((m) => ({ id: m.id, name: m.name, health: m.health, dead: isDead(m), sides: Number(m.die.slice(1)) })),
      tally: tallies.get(id)!,
    })),
    battles: planned,
  });
}

/** An empty accumulator for `plan`. */
export const emptyForecast = (plan: ForecastPlan): ForecastAccumulator => ({
  runs: 0,
  places: plan.crews.map(() => plan.crews.map(() => 0)),
  points: plan.crews.map(() => 0),
  wins: plan.crews.map(() => 0),
  survived: plan.crews.map((c) => c.members.map(() => 0)),
});

/** Adds `b` into `a` (returns `a`). */
export function mergeForecast(a: ForecastAccumulator, b: ForecastAccumulator): ForecastAccumulator {
  a.runs += b.runs;
  b.places.forEach((row, c) => row.forEach((n, p) => (a.places[c]![p]! += n)));
  b.points.forEach((n, c) => (a.points[c]! += n));
  b.wins.forEach((n, c) => (a.wins[c]! += n));
  b.survived.forEach((row, c) => row.forEach((n, m) => (a.survived[c]![m]! += n)));
  return a;
}

type MemberState = { health: number; dead: boolean }[][];

/** The setup of a battle with the crews as they stand in this run (dead left out, injured Health, a living Captain). */
function setupFor(plan: ForecastPlan, battle: ForecastBattle, state: MemberState, cache: Map<string, BattleSetup>): BattleSetup | null {
  const key = battle.crews.map((c) => state[c]!.map((m) => (m.dead ? 'x' : m.health)).join(',')).join('|');
  const hit = cache.get(key);
  if (hit) return hit;
  const sides = battle.setup.sides.map((side, i) => {
    const crew = plan.crews[battle.crews[i]!]!;
    const members: SetupMember[] = [];
    for (const m of side.members) {
      const k = crew.members.findIndex((x) => x.id === m.id);
      const s = state[battle.crews[i]!]![k];
      if (!s || s.dead) continue;
      members.push({ ...m, maxHealth: s.health });
    }
    if (members.length > 0 && !members.some((m) => m.captain)) {
      const best = members.reduce((a, b) => (b.sides > a.sides ? b : a));
      for (let j = 0; j < members.length; j++) members[j] = { ...members[j]!, captain: members[j] === best };
    }
    return { ...side, members };
  });
  if (sides.some((s) => s.members.length === 0)) return null;
  const setup: BattleSetup = { ...battle.setup, sides: [sides[0]!, sides[1]!] };
  if (cache.size > 512) cache.clear();
  cache.set(key, setup);
  return setup;
}

/** Hooks of a run range: progress and cooperative stop. */
export interface ForecastHooks {
  onProgress?: (doneInRange: number) => void;
  shouldStop?: () => boolean;
}

/** Runs between progress callbacks and stop checks. */
export const FORECAST_PROGRESS_EVERY = 8;

/**
 * Plays forecast runs `from`..`to`−1 into `acc`; each run's battle seeds depend only on (seed, run,
 * battle). Returns how many runs it completed (fewer when stopped).
 */
export function runForecastRange(plan: ForecastPlan, from: number, to: number, acc: ForecastAccumulator, hooks: ForecastHooks = {}, bots?: [Policy, Policy]): Result<number> {
  const policies = bots ?? getPolicies(plan.policies);
  if (!Array.isArray(policies) && !policies.ok) return policies;
  const pair = Array.isArray(policies) ? policies : policies.value;
  const caches = plan.battles.map(() => new Map<string, BattleSetup>());
  for (let run = from; run < to; run++) {
    if ((run - from) % FORECAST_PROGRESS_EVERY === 0 && run > from) {
      hooks.onProgress?.(run - from);
      if (hooks.shouldStop?.()) return ok(run - from);
    }
    const seed = runSeed(plan.seed, run);
    const state: MemberState = plan.crews.map((c) => c.members.map((m) => ({ health: m.health, dead: m.dead })));
    const tallies = plan.crews.map((c) => ({ ...c.tally }));
    for (let j = 0; j < plan.battles.length; j++) {
      const battle = plan.battles[j]!;
      const sideIds = battle.setup.sides.map((s) => s.id);
      const tallyMap = new Map(battle.crews.map((c) => [plan.crews[c]!.id, tallies[c]!]));
      const sides = { [sideIds[0]!]: plan.crews[battle.crews[0]]!.id, [sideIds[1]!]: plan.crews[battle.crews[1]]!.id };
      const setup = setupFor(plan, battle, state, caches[j]!);
      if (setup === null) {
        const out = battle.crews.map((c) => state[c]!.every((m) => m.dead));
        const winner = out[0] && out[1] ? null : out[0] ? sideIds[1]! : sideIds[0]!;
        addBattle(tallyMap, { sides, winner, points: { [sideIds[0]!]: 0, [sideIds[1]!]: 0 } });
        continue;
      }
      const battleSeed = mix32((seed ^ Math.imul(j + 1, 0x9e3779b9)) >>> 0);
      const played = playBattle(setup, pair, battleSeed, mix32(battleSeed ^ 0x5bd1e995));
      if (!played.ok) return played;
      const result = played.value.state.result;
      addBattle(tallyMap, { sides, winner: result?.winner ?? null, points: result?.points ?? {} });
      for (const a of rollAftermath(played.value.state)) {
        const side = setup.sides.findIndex((s) => s.members.some((m) => m.key === a.key));
        const crew = battle.crews[side]!;
        const k = plan.crews[crew]!.members.findIndex((m) => m.id === a.key.slice(a.key.indexOf(':') + 1));
        const s = state[crew]![k];
        if (!s) continue;
        if (a.outcome === 'dead') s.dead = true;
        else if (a.outcome === 'injury') s.health = injuredHealth(s.health);
      }
    }
    const { rankOf } = order(tallies);
    rankOf.forEach((place, c) => (acc.places[c]![place - 1]! += 1));
    tallies.forEach((t, c) => {
      acc.points[c]! += t.pointsFor;
      acc.wins[c]! += t.wins;
    });
    state.forEach((members, c) => members.forEach((m, k) => (acc.survived[c]![k]! += m.dead ? 0 : 1)));
    acc.runs++;
  }
  hooks.onProgress?.(to - from);
  return ok(to - from);
}

/** The report of accumulated runs. Probabilities are counts ÷ runs (0 when no run finished). */
export function forecastReport(plan: ForecastPlan, acc: ForecastAccumulator, elapsedMs: number): ForecastReport {
  const per = (n: number): number => (acc.runs === 0 ? 0 : n / acc.runs);
  return {
    campaign: plan.campaign,
    runs: acc.runs,
    seed: plan.seed,
    ai: plan.policies,
    battles: plan.battles.map((b) => ({ scenario: b.scenario, name: b.name, crews: [plan.crews[b.crews[0]]!.id, plan.crews[b.crews[1]]!.id] })),
    crews: plan.crews.map((c, i) => ({
      crew: c.id,
      name: c.name,
      places: acc.places[i]!.map(per),
      expectedPoints: per(acc.points[i]!),
      expectedWins: per(acc.wins[i]!),
      members: c.members.map((m, k) => ({ member: m.id, name: m.name, survival: per(acc.survived[i]![k]!) })),
    })),
    elapsedMs,
  };
}
