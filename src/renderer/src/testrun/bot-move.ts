/**
 * Bot decisions for Play: deterministic per (seed, decision number), so a restart with the same
 * seed and bots replays the same battle. Also replays one battle of a simulation exactly.
 */
import type { Action, BattleSetup, BattleState } from '../../../shared/engine';
import { getPolicies, getPolicy } from '../../../shared/engine/bots';
import { playBattle } from '../../../shared/engine/sim/runner';
import { botSeed, createBotRng, mix32, playBotSeed } from '../../../shared/engine/sim/seed';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';

/** Iterations of the mcts bot in Play (the simulation default is used in batches). */
export const PLAY_MCTS = 'mcts';

/** The bot's action for the side deciding in `state`; `sim/unknown-bot` for a bad name. */
export function botDecision(
  state: BattleState,
  bot: string,
  seed: number,
  decisionIndex: number,
): Result<Action> {
  const policy = getPolicy(bot);
  if (!policy.ok) return policy;
  const rng = createBotRng(mix32((botSeed(seed >>> 0, 0) ^ Math.imul(decisionIndex + 1, 0x9e3779b9)) >>> 0));
  return ok(policy.value.decide(state, rng));
}

/**
 * The decisions of run `run` of a simulation with `simSeed` — the same battle the simulation
 * played (battle seed `battleSeed`) — so Play can open it and the user can rewind in it.
 */
export function simulatedBattle(
  setup: BattleSetup,
  bots: [string, string],
  simSeed: number,
  run: number,
  battleSeed: number,
): Result<Action[]> {
  const policies = getPolicies(bots);
  if (!policies.ok) return policies;
  const played = playBattle(setup, policies.value, battleSeed >>> 0, botSeed(simSeed >>> 0, run));
  if (!played.ok) return err(played.error.code, played.error.message);
  return ok(played.value.decisions);
}

/**
 * The decisions of a whole battle played by `bots` from `seed`, exactly as
 * `mortisphere play --ai A,B --seed S` plays it (campaign battles and their replays).
 */
export function playedBattle(setup: BattleSetup, bots: [string, string], seed: number): Result<Action[]> {
  const policies = getPolicies(bots);
  if (!policies.ok) return policies;
  const played = playBattle(setup, policies.value, seed >>> 0, playBotSeed(seed >>> 0));
  return played.ok ? ok(played.value.decisions) : err(played.error.code, played.error.message);
}
