/**
 * `createBattle`: the initial state of a battle from a setup and a seed (R1.6, R8.1).
 */
import { compile } from './compiled';
import type { BattleEvent } from './events';
import { createRng } from './prng';
import { checkEnd, startRound } from './round';
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
    area: c.members.map((m) => c.areaIndex.get(m.startArea) ?? 0),
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
  startRound(state, c, events);
  // A hand-built setup with an empty side would leave nobody to decide: end it at once (R9.5).
  if (c.range[0][0] === c.range[0][1] || c.range[1][0] === c.range[1][1]) checkEnd(state, c, events);
  state.openingEvents = events;
  return state;
}
