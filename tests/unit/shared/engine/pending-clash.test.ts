import { describe, expect, it } from 'vitest';
import { applyAction, createBattle } from '../../../../src/shared/engine';
import { actionProblem } from '../../../../src/shared/engine/apply';
import type { Action, BattleSetup, BattleState } from '../../../../src/shared/engine';
import type { PendingClash } from '../../../../src/shared/engine/types';
import { ActionBuffer, decodeAction } from '../../../../src/shared/engine/action-codes';
import { randomPolicy } from '../../../../src/shared/engine/bots';
import { compile } from '../../../../src/shared/engine/compiled';
import { ClashWork, clashOf, pendingView } from '../../../../src/shared/engine/pending-clash';
import { applyCode } from '../../../../src/shared/engine/apply';
import { cloneState } from '../../../../src/shared/engine/state';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { clash, mkSetup, play, respond, start } from './helpers';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { REFERENCE_VARIANTS, variantSetup } from './sim/variants';

/**
 * Plays a battle through `applyAction` and, at every decision where a Clash waits (R3.2 response,
 * R6.3 Swarm-loss choice), checks that a state seen only through its public fields — a spread copy
 * with a structured clone of `pending`, as a replay, the Api or JSON hands it back — plays the
 * same step as the engine's own state. Returns the number of such decisions.
 */
const replayFromPublic = (setup: BattleSetup, seed: number): { waits: number; losses: number } => {
  const c = compile(setup);
  const policy = randomPolicy();
  const rng = createBotRng(seed);
  const buf = new ActionBuffer();
  let s = createBattle(setup, seed);
  let waits = 0;
  let losses = 0;
  while (s.phase !== 'ended') {
    const code = policy.choose!(s, rng, buf);
    const action: Action = decodeAction(s, c, code, buf);
    const a = applyAction(s, action);
    if (!a.ok) throw new Error(a.error.message);
    if (s.phase === 'respond' || s.phase === 'swarmLoss') {
      waits++;
      if (s.phase === 'swarmLoss') losses++;
      expect(s.pending).not.toBeNull();
      const outside: BattleState = { ...s, pending: structuredClone(s.pending) };
      expect(pendingView(outside)).toEqual(s.pending);
      const b = applyAction(outside, action);
      if (!b.ok) throw new Error(b.error.message);
      expect(b.value.events).toEqual(a.value.events);
      expect(b.value.state).toEqual(a.value.state);
    } else {
      expect(s.pending).toBeNull();
    }
    s = a.value.state;
  }
  return { waits, losses };
};

describe('the pending Clash in engine storage, public as `pending` (issue 13)', () => {
  it('R3.2 a state handed back from outside (no engine storage) plays exactly as the engine state, in every variant', () => {
    let waits = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (const [, change] of REFERENCE_VARIANTS) {
        for (const seed of [31, 32, 33, 34]) {
          const r = replayFromPublic(variantSetup(exampleSetup(scenario), change), seed);
          waits += r.waits;
        }
      }
    }
    expect(waits).toBeGreaterThan(50);
  });

  it('R6.3 a Swarm-loss choice waits in storage and is public as lossChoices; a state from outside chooses alike', () => {
    const setup = mkSetup({
      a: [{ id: 'r1', die: 'd4' }, { id: 'r2', die: 'd4' }, { id: 'r3', die: 'd4' }],
      b: [{ id: 'big', die: 'd20', health: 4, cost: 40 }],
      ruleset: { clash: { timing: 'simultaneous' } },
    });
    const all: [string, string][] = [['r1', 'big'], ['r2', 'big'], ['r3', 'big']];
    const lose = play(start(setup, [1, 2, 3, 9]), clash('a', all, [['r1', 'r2', 'r3']]), respond('b', { big: 'defend' })).state;
    expect(lose.phase).toBe('swarmLoss');
    const c = compile(lose.setup);
    const key = (m: number): string => c.members[m]!.key;
    expect(lose.pending!.lossChoices.map(key)).toEqual(['a:r1', 'a:r2', 'a:r3']);
    expect(lose.pending!.pairs).toEqual([{ attackers: [0, 1, 2], target: 3, mode: 'swarm' }]);
    expect(lose.pending!.defenders).toEqual({ 3: 3 });
    expect(lose.pending!.order).toEqual([0]);
    expect(pendingView({ ...lose, pending: structuredClone(lose.pending) })).toEqual(lose.pending);
    const pick: Action = { type: 'swarmLoss', side: 'b', member: 'a:r2' };
    const a = applyAction(lose, pick);
    const b = applyAction({ ...lose, pending: structuredClone(lose.pending) }, pick);
    expect(b).toEqual(a);
    expect(a.ok && a.value.state.pending).toBeNull();
    expect(applyAction({ ...lose, pending: structuredClone(lose.pending) }, { type: 'swarmLoss', side: 'b', member: 'b:big' }).ok).toBe(false);
  });

  it('R3.1 the storage is hidden: not in keys, JSON or a spread, and a copy does not share it', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const buf = new ActionBuffer();
    const rng = createBotRng(5);
    const policy = randomPolicy();
    let s = createBattle(setup, 5);
    // Play until a Clash waits for its response.
    while (s.phase !== 'respond' && s.phase !== 'ended') {
      const r = applyAction(s, decodeAction(s, c, policy.choose!(s, rng, buf), buf));
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    expect(s.phase).toBe('respond');
    expect(Object.keys(s)).toEqual(Object.keys(createBattle(setup, 5)));
    expect(Object.getOwnPropertySymbols(s)).toEqual([]);
    expect(JSON.parse(JSON.stringify({ ...s, setup: null }))).toEqual({ ...structuredClone({ ...s, setup: null }) });
    const parsed = JSON.parse(JSON.stringify(s.pending)) as unknown;
    expect(parsed).toEqual(s.pending);
    expect(s.pending!.pairs.length).toBeGreaterThan(0);
    expect(s.pending!.defenders).toEqual({});
    expect(s.pending!.order).toEqual([]);
    // A private copy resolves on its own storage: the original still waits, unchanged.
    const before = structuredClone(s.pending);
    const copy = cloneState(s);
    const action = decodeAction(copy, c, policy.choose!(copy, rng, buf), buf);
    const r = applyAction(copy, action);
    expect(r.ok).toBe(true);
    expect(s.phase).toBe('respond');
    expect(s.pending).toEqual(before);
    expect(actionProblem(s, action)).toBeNull();
    // A frozen state is still read correctly (its storage is built but not kept).
    const frozen = Object.freeze({ ...s, pending: structuredClone(s.pending) });
    expect(actionProblem(frozen, action)).toBeNull();
    const again = applyAction(frozen, action);
    expect(again.ok && again.value.state).toEqual(r.ok && r.value.state);
  });
});

/** An unanswered target's defender entry (pending-clash.ts `UNSET`). */
const UNSET = -2;

/** Every entry of `w`'s defenders unset and every once-roll NaN: what a full clear leaves. */
const clear = (w: ClashWork): void => {
  for (let m = 0; m < w.defenderOf.length; m++) {
    expect(w.defenderOf[m], `defender of ${m}`).toBe(UNSET);
    expect(w.onceRoll[m], `once-roll of ${m}`).toBeNaN();
  }
};

describe('ClashWork.reset clears only what the last Clash wrote (issue 13)', () => {
  it('R3.2, R12 defenderRolls once: in engine battles only targets have a defender and only their defenders a once-roll', () => {
    let checked = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (const [, change] of REFERENCE_VARIANTS) {
        const setup = variantSetup(exampleSetup(scenario), change);
        const c = compile(setup);
        const policy = randomPolicy();
        const rng = createBotRng(31);
        const buf = new ActionBuffer();
        const s = createBattle(setup, 31);
        while (s.phase !== 'ended') {
          applyCode(s, policy.choose!(s, rng, buf), buf, null, c);
          const w = clashOf(s);
          const targets = Array.from(w.targets.subarray(0, w.targetCount));
          const defenders = targets.map((t) => w.defenderOf[t]!);
          for (let m = 0; m < w.defenderOf.length; m++) {
            if (!targets.includes(m)) expect(w.defenderOf[m]).toBe(UNSET);
            if (!defenders.includes(m)) expect(w.onceRoll[m]).toBeNaN();
            if (!Number.isNaN(w.onceRoll[m]!)) checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('after Clashes writing defenders and once-rolls of their targets, a reset leaves every entry as a full clear does', () => {
    const rng = createBotRng(7);
    const n = 12;
    const w = new ClashWork();
    w.reset(0, n, 1, 1);
    clear(w);
    for (let round = 0; round < 500; round++) {
      const pairs = 1 + rng.int(4);
      for (let i = 0; i < pairs; i++) {
        w.openPair(rng.int(n), 0);
        w.addAttacker(rng.int(n));
        w.closePair();
      }
      for (let i = 0; i < w.targetCount; i++) {
        const t = w.targets[i]!;
        const d = [-1, t, rng.int(n)][rng.int(3)]!;
        w.defenderOf[t] = d;
        if (d >= 0 && rng.int(2) === 1) w.onceRoll[d] = 1 + rng.int(6);
      }
      w.reset(1, n, pairs, pairs);
      clear(w);
    }
    // Storage loaded from outside may hold anything: its next reset clears all.
    w.onceRoll[3] = 4;
    const outside: PendingClash = { side: 0, pairs: [{ attackers: [0], target: 5, mode: 'single' }], defenders: { 5: 5, 7: -1 }, next: 0, order: [], queued: [], startHealth: [], startFlags: [], stageEnd: 0, onceRolls: { 6: 2 }, lossChoices: [], lossFrom: -1 };
    w.load(outside, n);
    w.reset(0, n, 1, 1);
    clear(w);
  });
});

describe('ClashWork.queueHit (issue 13)', () => {
  it('R4.5 queues a hit as four numbers exactly as four single appends do, across growth', () => {
    const fast = new ClashWork();
    const plain = new ClashWork();
    for (let i = 0; i < 40; i++) {
      fast.queueHit(i, i + 1, i % 3, i - 1);
      for (const x of [i, i + 1, i % 3, i - 1]) plain.queue(x);
      expect(fast.queuedCount).toBe(plain.queuedCount);
      expect(Array.from(fast.queued.subarray(0, fast.queuedCount))).toEqual(Array.from(plain.queued.subarray(0, plain.queuedCount)));
    }
  });
});
