/**
 * `createBattle`: the initial state of a battle from a setup and a seed (R1.6, R8.1).
 */
import { compile } from './compiled';
import type { BattleEvent } from './events';
import { createRng, seedRng } from './prng';
import { checkEnd, startRound } from './round';
import type { Compiled } from './compiled';
import type { EventLog } from './events';
import type { BattleSetup, BattleState, CreateOptions } from './types';

/**
 * Creates a battle and starts round 1 (Initiative decided, first decision pending). The round-1
 * opening events are in `openingEvents`. Same setup + seed ⇒ identical state. A setup with an
 * empty side ends at once (`elimination`), so a battle never waits for a side that cannot act.
 */
export function createBattle(setup: BattleSetup, seed: number, options: CreateOptions = {}): BattleState {
  const c = compile(setup);
  // Built by push, so the arrays are packed (V8 reads packed arrays without hole checks).
  const filled = (n: number, v: number): number[] => {
    const a: number[] = [];
    for (let i = 0; i < n; i++) a.push(v);
    return a;
  };
  const zeros = (n: number): number[] => filled(n, 0);
  const objectives = setup.objectives.length * 2;
  const state: BattleState = {
    setup,
    seed,
    rng: createRng(seed),
    round: 0,
    phase: 'turn',
    side: 0,
    initiative: 0,
    lastInitiative: -1,
    health: c.members.map((m) => m.maxHealth),
    used: zeros(c.n),
    flags: zeros(c.n),
    lastStandLosses: zeros(c.n),
    area: Array.from(c.startArea),
    progress: zeros(objectives),
    scored: zeros(objectives),
    lastWorker: filled(objectives, -1),
    points: [0, 0],
    morale: [0, 0],
    firstPhase: false,
    pending: null,
    result: null,
    openingEvents: [],
  };
  if (options.dice !== undefined) state.dice = options.dice;
  if (setup.ruleset.turnStructure === 'phased' && setup.ruleset.phased.longerWeaponFirst) state.engaged = zeros(c.n);
  const events: BattleEvent[] = [];
  open(state, c, events);
  state.openingEvents = events;
  return state;
}

/** Starts round 1; a hand-built setup with an empty side would leave nobody to decide: it ends at once (R9.5). */
function open(state: BattleState, c: Compiled, events: EventLog): void {
  startRound(state, c, events);
  if (c.range[0][0] === c.range[0][1] || c.range[1][0] === c.range[1][1]) checkEnd(state, c, events);
}

/** Member `m` of `into` as a battle starts (R1.6, R8.1): full Health, no action used, no flag, in its start Area. */
function startMember(into: BattleState, c: Compiled, m: number): void {
  into.health[m] = c.members[m]!.maxHealth;
  into.used[m] = 0;
  into.flags[m] = 0;
  into.lastStandLosses[m] = 0;
  into.area[m] = c.startArea[m]!;
}

/**
 * `createBattle(into.setup, seed)` made in `into` — a state of an alternating-turns setup that only
 * its caller reads (the simulation runner's, between two battles): every field set again, its
 * arrays refilled in place, no opening events (the runner logs none). The same battle as a
 * created one (tested); phased turn structures (R12) keep more state and are refused. `c` is
 * `compile(into.setup)` (the runner has it at hand).
 */
export function restartBattle(into: BattleState, seed: number, c: Compiled = compile(into.setup)): void {
  if (c.phased === true) throw new Error('restartBattle: phased turn structures are created afresh');
  seedRng(into.rng, seed);
  into.seed = seed;
  into.round = 0;
  into.phase = 'turn';
  into.side = 0;
  into.initiative = 0;
  into.lastInitiative = -1;
  // Two members a turn: V8 checks each array (map, writable elements) at every turn of a loop,
  // not at every store, so the second member's stores cost only their bounds checks.
  let m = 0;
  for (; m + 1 < c.n; m += 2) {
    startMember(into, c, m);
    startMember(into, c, m + 1);
  }
  if (m < c.n) startMember(into, c, m);
  for (let o = 0; o < into.progress.length; o++) {
    into.progress[o] = 0;
    into.scored[o] = 0;
    into.lastWorker[o] = -1;
  }
  into.points[0] = 0;
  into.points[1] = 0;
  into.morale[0] = 0;
  into.morale[1] = 0;
  into.firstPhase = false;
  into.pending = null;
  into.result = null;
  // An empty list kept as it is (no new array per battle).
  if (into.openingEvents.length !== 0) into.openingEvents = [];
  open(into, c, null);
}
