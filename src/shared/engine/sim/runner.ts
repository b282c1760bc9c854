import { ACT, ActionBuffer, argA, decodeAction, kindOf } from '../action-codes';
import { applyActionInPlace, applyCode } from '../apply';
import { createBattle, restartBattle } from '../battle';
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { trackTurns, untrackTurns } from '../turn-index';
import { coverageSlots, recordCoverage } from '../coverage';
import { coverageEntries } from './coverage-layout';
import type { BattleEvent, EventLog } from '../events';
import { err, ok } from '../../result';
import type { Result } from '../../result';
import type { Action, BattleSetup, BattleState } from '../types';
import { FLAG } from '../types';
import type { Policy } from '../bots/policy';
import { buildReport } from './report';
import type { SimReport } from './report';
import { BotRng, botSeed, runSeed } from './seed';
import type { Rng } from './seed';
import { emptyAccumulator } from './stats';
import { RunTally, flushTally, tallyOutcome } from './tally';
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
  coverage: coverageEntries(setup),
});

/** A battle played to its end by two bots. `events` is filled only when asked for; `decisions` is empty for a simulation run. */
export interface PlayedBattle {
  state: BattleState;
  decisions: Action[];
  events: BattleEvent[];
  /** [side][area]: the side ever had a member in the Area. */
  areasEntered: boolean[][];
  /** Side index with the Initiative in round 1 (R2.2). */
  first: number;
  /** Coverage flags by slot (engine/coverage.ts) when the battle was recorded. */
  fired?: Uint8Array;
}

/**
 * Plays one battle: battle dice from `battleSeed`, bots' choices from `botRngSeed`. Fails with
 * `sim/illegal-action` when a bot picks an illegal action and `sim/runaway` when it takes more
 * than `limit` decisions (default {@link decisionLimit}). Decisions are kept; events too with `record`.
 */
export const playBattle = (
  setup: BattleSetup,
  policies: readonly [Policy, Policy],
  battleSeed: number,
  botRngSeed: number,
  record = false,
  limit = decisionLimit(setup),
): Result<PlayedBattle> => play(setup, compile(setup), policies, battleSeed, botRngSeed, record ? KEEP_EVENTS : KEEP_DECISIONS, limit);

/** What {@link play} keeps besides the final state: nothing (statistics only), the decisions, or decisions and events. */
const KEEP_NOTHING = 0;
const KEEP_DECISIONS = 1;
const KEEP_EVENTS = 2;

/** The decisions and events of every battle that keeps none (frozen: nothing may add to them). */
const NO_DECISIONS = Object.freeze([]) as unknown as Action[];
const NO_EVENTS = Object.freeze([]) as unknown as BattleEvent[];

/** Action buffer of the runner (reused by every battle of this thread; `play` never re-enters). */
const buffer = new ActionBuffer();
/** The bots' generator, reseeded for every battle (a fresh generator's draws; `play` never re-enters, and no bot keeps it past a decision). */
const botRng = new BotRng(0);

/**
 * The battle loop. When both bots pick action codes (`Policy.choose`), each code is applied with
 * the trusted `applyCode` — no validation, no action object, no event unless kept; otherwise each
 * action goes through `applyActionInPlace` (validated). The runner owns `state` and changes it in
 * place; bots start every decision afresh. `c` is `compile(setup)` (a range looks it up once).
 */
const play = (setup: BattleSetup, c: Compiled, policies: readonly [Policy, Policy], battleSeed: number, botRngSeed: number, keep: number, limit: number, fired?: Uint8Array, entered?: boolean[][], into?: BattleState): Result<PlayedBattle> => {
  if (fired === undefined) return playRecorded(setup, c, policies, battleSeed, botRngSeed, keep, limit, null, entered, into);
  fired.fill(0);
  try {
    const played = playRecorded(setup, c, policies, battleSeed, botRngSeed, keep, limit, fired, entered, into);
    if (played.ok) {
      // Areas count when a member of either side was ever in them.
      const base = c.objectiveSlot + setup.objectives.length;
      const [a, b] = played.value.areasEntered;
      for (let i = 0; i < setup.areas.length; i++) if (a![i] || b![i]) fired[base + i] = 1;
      played.value.fired = fired;
    }
    return played;
  } finally {
    recordCoverage(null);
  }
};

/**
 * {@link play} with the coverage recorder on `fired` (null: off) while the rules act — battle
 * start and every applied decision — and off while a bot decides. `entered` (cleared here) is
 * reused as the battle's `areasEntered` when given (a simulation's per-battle scratch), and `into`
 * (a finished battle's state of this setup that nobody reads any more) is restarted instead of a
 * state created.
 */
const playRecorded = (setup: BattleSetup, c: Compiled, policies: readonly [Policy, Policy], battleSeed: number, botRngSeed: number, keep: number, limit: number, fired: Uint8Array | null, entered?: boolean[][], into?: BattleState): Result<PlayedBattle> => {
  recordCoverage(fired);
  const codes = policies[0].choose !== undefined && policies[1].choose !== undefined;
  // Only applyCode changes the state of a battle of codes: it keeps the turn index (turn-index.ts).
  // A restarted state is tracked from its restart, so that round 1's start is read into the index
  // as a round's start (round.ts, touchRoundStart) instead of member by member at the first decision.
  if (codes && into !== undefined) trackTurns(into, c);
  const state = into ?? createBattle(setup, battleSeed);
  if (into !== undefined) restartBattle(into, battleSeed, c);
  else if (codes) trackTurns(state, c);
  const first = state.initiative;
  const rng = botRng.reseed(botRngSeed);
  // A statistics run keeps neither decisions nor events: it shares one empty, frozen list of each.
  const decisions: Action[] = keep === KEEP_NOTHING ? NO_DECISIONS : [];
  const events: BattleEvent[] = keep === KEEP_EVENTS ? [...state.openingEvents] : keep === KEEP_NOTHING ? NO_EVENTS : [];
  const log: EventLog = keep === KEEP_EVENTS ? events : null;
  const areasEntered = entered ?? setup.sides.map(() => setup.areas.map(() => false));
  // Side by side, each row read once: a side's members are `c.first[side]`..`c.end[side]` − 1.
  for (let side = 0; side < 2; side++) {
    const row = areasEntered[side]!;
    // A loop, not Array.prototype.fill (a call into the runtime's C++ for a boolean array).
    if (entered !== undefined) for (let i = 0; i < row.length; i++) row[i] = false;
    for (let m = c.first[side]!; m < c.end[side]!; m++) row[state.area[m]!] = true;
  }
  try {
    return playLoop(setup, policies, battleSeed, keep, limit, fired, state, c, rng, codes, decisions, events, log, areasEntered, first);
  } finally {
    untrackTurns();
  }
};

/** The decisions of {@link playRecorded}'s battle, to its end. */
const playLoop = (
  setup: BattleSetup,
  policies: readonly [Policy, Policy],
  battleSeed: number,
  keep: number,
  limit: number,
  fired: Uint8Array | null,
  state: BattleState,
  c: Compiled,
  rng: Rng,
  codes: boolean,
  decisions: Action[],
  events: BattleEvent[],
  log: EventLog,
  areasEntered: boolean[][],
  first: number,
): Result<PlayedBattle> => {
  // Fixed for the whole battle, so read once into locals: module-level bindings (esbuild makes
  // them `var`s) are loaded from the module context and checked again at every use, and `codes`
  // and `keep` compared once give booleans the loop tests without a generic ToBoolean.
  const record = recordCoverage;
  const apply = applyCode;
  const buf = buffer;
  const move = ACT.move;
  const kind = kindOf;
  const mover = argA;
  const byCodes = codes === true;
  const keepDecisions = keep !== KEEP_NOTHING;
  const keepEvents = keep === KEEP_EVENTS;
  const sideOf = c.sideOf;
  const [first0, first1] = policies;
  for (let count = 0; state.phase !== 'ended'; count++) {
    if (count >= limit) {
      return err('sim/runaway', `scenario '${setup.scenarioId}': a battle did not end after ${limit} decisions, more than this setup can take (seed ${battleSeed}); report this engine bug`);
    }
    const policy = state.side === 0 ? first0 : first1;
    if (byCodes) {
      record(null);
      const code = policy.choose!(state, rng, buf);
      if (keepDecisions) decisions.push(decodeAction(state, c, code, buf));
      record(fired);
      apply(state, code, buf, log, c);
      // A move code is the only change of Area in a battle of codes (phased orders move through
      // listed codes, which never did count here), so the mover's new Area is all there is to mark.
      if (kind(code) === move) {
        const m = mover(code);
        areasEntered[sideOf[m]!]![state.area[m]!] = true;
      }
    } else {
      record(null);
      const action = policy.decide(state, rng);
      record(fired);
      const next = applyActionInPlace(state, action);
      if (!next.ok) {
        return err('sim/illegal-action', `bot '${policy.name}' chose an illegal action in scenario '${setup.scenarioId}' (seed ${battleSeed}): ${next.error.message}`);
      }
      if (keepDecisions) decisions.push(action);
      if (keepEvents) for (const e of next.value) events.push(e);
      if (action.type === 'move') for (let m = 0; m < c.n; m++) areasEntered[sideOf[m]!]![state.area[m]!] = true;
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
  const out = fillOutcome(setup, played, index, seed, emptyOutcome());
  if (out.fired === undefined) delete out.fired;
  return out;
};

/** A run outcome to fill. */
const emptyOutcome = (): RunOutcome => ({ index: 0, seed: 0, winner: -1, rounds: 0, points: [], incapacitated: [], objectivesScored: [], areasEntered: [], fullLength: false, first: 0, fired: undefined });

/** {@link outcomeOf} written into `out` (its arrays reused): the runner's per-battle scratch. */
const fillOutcome = (setup: BattleSetup, played: PlayedBattle, index: number, seed: number, out: RunOutcome): RunOutcome => {
  const s = played.state;
  const res = s.result;
  const winner = res === null || res.winner === null ? -1 : setup.sides[0].id === res.winner ? 0 : setup.sides[1].id === res.winner ? 1 : -1;
  const rounds = res?.rounds ?? s.round;
  out.index = index;
  out.seed = seed;
  out.winner = winner;
  out.rounds = rounds;
  // Lengths set only when they change: setting an array's length costs even when it stays.
  if (out.points.length !== 2) out.points.length = 2;
  out.points[0] = s.points[0];
  out.points[1] = s.points[1];
  const n = s.flags.length;
  if (out.incapacitated.length !== n) out.incapacitated.length = n;
  for (let m = 0; m < n; m++) out.incapacitated[m] = (s.flags[m]! & FLAG.out) !== 0;
  const objectives = setup.objectives.length;
  if (out.objectivesScored.length !== objectives) out.objectivesScored.length = objectives;
  for (let o = 0; o < objectives; o++) out.objectivesScored[o] = (s.scored[o * 2]! > 0 ? 1 : 0) | (s.scored[o * 2 + 1]! > 0 ? 2 : 0);
  out.areasEntered = played.areasEntered;
  out.fullLength = rounds >= setup.rounds && (res?.reason ?? 'rounds') === 'rounds';
  out.first = played.first;
  out.fired = played.fired;
  return out;
};

/** The coverage flags every range of this thread records into (see {@link firedFlags}). */
let firedScratch = new Uint8Array(0);

/**
 * The coverage flags of a range's battles, for `slots` recorder slots: one array per thread, kept
 * from range to range (a range's flags are read only by its own tally, straight after each battle,
 * and `play` clears them before each battle). The runner turns the recorder off and on around every
 * bot decision (`recordCoverage`), storing the array each time; an array made per range is young
 * most of its short life, and storing a young object into the (old) module costs a write barrier's
 * slow path: one per decision. A kept array is old after its first garbage collections.
 * Padded to whole 32-bit words: the tally adds the flags four at a time (tally.ts, RunTally.lanes).
 */
const firedFlags = (slots: number): Uint8Array => {
  const size = (slots + 3) & ~3;
  if (firedScratch.length !== size) firedScratch = new Uint8Array(size);
  return firedScratch;
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
  const limit = decisionLimit(setup);
  const c = compile(setup);
  const fired = layout.coverage === undefined ? undefined : firedFlags(coverageSlots(setup).total);
  // Per-battle scratch: the tally keeps nothing of the outcome.
  const entered = setup.sides.map(() => setup.areas.map(() => false));
  const outcome = emptyOutcome();
  // The range's runs are counted in a tally (tally.ts) and added to `acc` whenever anyone may read it.
  const tally = new RunTally(layout, setup.rounds);
  // One battle state for the range, restarted for every battle but the first (the tally keeps nothing of it).
  let state: BattleState | undefined;
  const reuse = setup.ruleset.turnStructure !== 'phased';
  try {
    for (let i = from; i < to; i++) {
      if ((i - from) % PROGRESS_EVERY === 0 && i > from) {
        flushTally(tally, acc, layout);
        hooks.onProgress?.(i - from);
        if (hooks.shouldStop?.()) return ok(i - from);
      }
      const battleSeed = runSeed(seed, i);
      const played = play(setup, c, policies, battleSeed, botSeed(seed, i), KEEP_NOTHING, limit, fired, entered, state);
      // `!== true`: a compare, where a bare boolean field would take a generic ToBoolean.
      if (played.ok !== true) return played;
      if (reuse) state = played.value.state;
      tallyOutcome(tally, fillOutcome(setup, played.value, i, battleSeed, outcome));
    }
  } finally {
    flushTally(tally, acc, layout);
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
