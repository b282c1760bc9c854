import { applyActionInPlace } from '../apply';
import { createBattle } from '../battle';
import type { BattleEvent } from '../events';
import { err, ok } from '../../result';
import type { Result } from '../../result';
import type { Action, BattleSetup, BattleState } from '../types';
import { FLAG } from '../types';
import type { Policy } from '../bots/policy';
import { buildReport } from './report';
import type { SimReport } from './report';
import { botSeed, createBotRng, runSeed } from './seed';
import { addRun, emptyAccumulator } from './stats';
import type { RunOutcome, SimAccumulator, SimLayout } from './stats';

/**
 * Most decisions a battle of `setup` can take before the runner gives up with `sim/runaway` (an
 * engine bug), derived from the setup: per round, every action of every member (1 + its largest
 * possible `extraActions`, R2.5) may cost a turn, a response and a Swarm-loss choice, plus the
 * phased declarations and phase-start drops (R12); doubled as a margin.
 */
export const decisionLimit = (setup: BattleSetup): number => {
  const extraOf = (effects: { effect: object }[]): number => effects.reduce((n, e) => n + Math.max(0, Number((e.effect as { extraActions?: unknown }).extraActions ?? 0) || 0), 0);
  const areaExtra = setup.areas.reduce((n, a) => Math.max(n, extraOf(a.effects)), 0);
  let actions = 0;
  for (const side of setup.sides) for (const m of side.members) actions += 1 + extraOf(m.effects) + areaExtra;
  const perRound = 3 * actions + 16;
  return 2 * Math.max(1, setup.rounds) * perRound + 1000;
};

/** The report layout of a setup: sides, members, objectives and Areas in setup order. */
export const layoutOf = (setup: BattleSetup): SimLayout => ({
  scenario: setup.scenarioId,
  ruleset: setup.rulesetId,
  sides: setup.sides.map((s) => ({ id: s.id, crew: s.crewId, value: s.members.reduce((t, m) => t + m.cost, 0) })),
  members: setup.sides.flatMap((s, side) => s.members.map((m) => ({ side, crew: s.crewId, member: m.id }))),
  objectives: setup.objectives.map((o) => o.id),
  areas: setup.areas.map((a) => a.id),
});

/** A battle played to its end by two bots. `events` is filled only when asked for. */
export interface PlayedBattle {
  state: BattleState;
  decisions: Action[];
  events: BattleEvent[];
  /** [side][area]: the side ever had a member in the Area. */
  areasEntered: boolean[][];
  /** Side index with the Initiative in round 1 (R2.2). */
  first: number;
}

/**
 * Plays one battle: battle dice from `battleSeed`, bots' choices from `botRngSeed`. Fails with
 * `sim/illegal-action` when a bot picks an illegal action and `sim/runaway` when it takes more
 * than `limit` decisions (default {@link decisionLimit}).
 */
export const playBattle = (
  setup: BattleSetup,
  policies: readonly [Policy, Policy],
  battleSeed: number,
  botRngSeed: number,
  record = false,
  limit = decisionLimit(setup),
): Result<PlayedBattle> => {
  const state = createBattle(setup, battleSeed);
  const first = state.initiative;
  const rng = createBotRng(botRngSeed);
  const decisions: Action[] = [];
  const events: BattleEvent[] = record ? [...state.openingEvents] : [];
  const areasEntered = setup.sides.map(() => setup.areas.map(() => false));
  let m = 0;
  setup.sides.forEach((s, side) =>
    s.members.forEach(() => {
      areasEntered[side][state.area[m++]] = true;
    }),
  );
  const sideOfMember = setup.sides.flatMap((s, side) => s.members.map(() => side));
  while (state.phase !== 'ended') {
    if (decisions.length >= limit) {
      return err('sim/runaway', `scenario '${setup.scenarioId}': a battle did not end after ${limit} decisions, more than this setup can take (seed ${battleSeed}); report this engine bug`);
    }
    const policy = policies[state.side];
    const action = policy.decide(state, rng);
    // The runner owns `state`: apply in place (no copy per decision). Bots start every decision
    // afresh (their per-state memos do not rely on a new state object).
    const next = applyActionInPlace(state, action);
    if (!next.ok) {
      return err('sim/illegal-action', `bot '${policy.name}' chose an illegal action in scenario '${setup.scenarioId}' (seed ${battleSeed}): ${next.error.message}`);
    }
    decisions.push(action);
    if (record) events.push(...next.value);
    if (action.type === 'move') {
      state.area.forEach((a, i) => {
        areasEntered[sideOfMember[i]][a] = true;
      });
    }
  }
  return ok({ state, decisions, events, areasEntered, first });
};

/**
 * Plays run `index` of a simulation with `seed` again, recording its events: the battle behind a
 * report bucket's `exampleRun`. Pass fresh bots of the same names the simulation used.
 */
export const replayRun = (setup: BattleSetup, policies: readonly [Policy, Policy], seed: number, index: number): Result<PlayedBattle> =>
  playBattle(setup, policies, runSeed(seed >>> 0, index), botSeed(seed >>> 0, index), true);

/** The statistics-relevant facts of a finished battle. */
export const outcomeOf = (setup: BattleSetup, played: PlayedBattle, index: number, seed: number): RunOutcome => {
  const s = played.state;
  const res = s.result;
  const winner = res === null || res.winner === null ? -1 : setup.sides.findIndex((x) => x.id === res.winner);
  const rounds = res?.rounds ?? s.round;
  return {
    index,
    seed,
    winner,
    rounds,
    points: [s.points[0], s.points[1]],
    incapacitated: s.flags.map((f) => (f & (FLAG.incapacitated | FLAG.fled)) !== 0),
    objectivesScored: setup.objectives.map((_, o) => (s.scored[o * 2] > 0 ? 1 : 0) | (s.scored[o * 2 + 1] > 0 ? 2 : 0)),
    areasEntered: played.areasEntered,
    fullLength: rounds >= setup.rounds && (res?.reason ?? 'rounds') === 'rounds',
    first: played.first,
  };
};

/** Hooks of a run range: progress after every `PROGRESS_EVERY` runs, cooperative stop. */
export interface RangeHooks {
  onProgress?: (doneInRange: number) => void;
  shouldStop?: () => boolean;
}
/** Runs between progress callbacks and stop checks. */
export const PROGRESS_EVERY = 64;

/**
 * Plays runs `from`..`to`−1 of a simulation into `acc`. Each run's battle and bot seeds depend
 * only on (seed, index). Returns how many runs it completed (fewer when stopped).
 */
export const runRange = (
  setup: BattleSetup,
  layout: SimLayout,
  policies: readonly [Policy, Policy],
  seed: number,
  from: number,
  to: number,
  acc: SimAccumulator,
  hooks: RangeHooks = {},
): Result<number> => {
  for (let i = from; i < to; i++) {
    if ((i - from) % PROGRESS_EVERY === 0 && i > from) {
      hooks.onProgress?.(i - from);
      if (hooks.shouldStop?.()) return ok(i - from);
    }
    const battleSeed = runSeed(seed, i);
    const played = playBattle(setup, policies, battleSeed, botSeed(seed, i));
    if (!played.ok) return played;
    addRun(acc, layout, outcomeOf(setup, played.value, i, battleSeed));
  }
  hooks.onProgress?.(to - from);
  return ok(to - from);
};

/** Options of the single-thread {@link simulate}. */
export interface SimulateOptions {
  runs: number;
  seed: number;
  policies: readonly [Policy, Policy];
  onProgress?: (done: number, total: number) => void;
  shouldStop?: () => boolean;
  /** Milliseconds clock for `elapsedMs` (the engine has no clock of its own); default reports 0. */
  clock?: () => number;
}

/**
 * Single-thread simulation: `runs` battles, streaming statistics, the DESIGN.md report.
 * A stopped simulation reports the runs completed so far.
 */
export const simulate = (setup: BattleSetup, options: SimulateOptions): Result<SimReport> => {
  const clock = options.clock ?? (() => 0);
  const started = clock();
  const layout = layoutOf(setup);
  const acc = emptyAccumulator(layout);
  const done = runRange(setup, layout, options.policies, options.seed >>> 0, 0, options.runs, acc, {
    onProgress: (n) => options.onProgress?.(n, options.runs),
    shouldStop: options.shouldStop,
  });
  if (!done.ok) return done;
  return ok(buildReport(layout, acc, options.seed >>> 0, Math.round(clock() - started)));
};
