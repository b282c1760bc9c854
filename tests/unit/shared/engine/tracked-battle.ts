/** Test helper: a battle played as the simulation runner plays it, for checks of the runner's kept data. */
import { expect } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleSetup, BattleState } from '../../../../src/shared/engine';
import { ActionBuffer } from '../../../../src/shared/engine/action-codes';
import { applyCode } from '../../../../src/shared/engine/apply';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { compile } from '../../../../src/shared/engine/compiled';
import { coverageSlots, recordCoverage } from '../../../../src/shared/engine/coverage';
import type { Compiled } from '../../../../src/shared/engine/compiled';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { trackTurns, untrackTurns } from '../../../../src/shared/engine/turn-index';

/** What a check sees of each step: the state before the decision, its compiled setup and the runner's buffer. */
export interface TrackedStep {
  /** Before every turn decision. */
  turn?: (s: BattleState, c: Compiled, buf: ActionBuffer) => void;
  /** After every decision's code was applied to the tracked state `s`. */
  applied?: (s: BattleState, code: number, buf: ActionBuffer, c: Compiled) => void;
}

/**
 * Plays a battle of `bot` against itself from `seed` as the simulation runner does (the bots'
 * codes through `applyCode`, the state tracked by the turn index), calling the checks at every
 * step. With `fired`, the coverage recorder is on it while a code is applied (off while a bot
 * decides and during the checks), as the runner records. Returns the number of turn decisions.
 */
export const playTracked = (setup: BattleSetup, bot: string, seed: number, check: TrackedStep, fired: Uint8Array | null = null): number => {
  const c = compile(setup);
  const p = getPolicies([bot, bot]);
  if (!p.ok) throw new Error(p.error.message);
  const rng = createBotRng(seed);
  const buf = new ActionBuffer();
  const s = createBattle(setup, seed);
  let turns = 0;
  trackTurns(s, c);
  try {
    for (let step = 0; s.phase !== 'ended'; step++) {
      if (step > 2000) throw new Error('runaway battle');
      if (s.phase === 'turn') {
        check.turn?.(s, c, buf);
        turns++;
      }
      const code = p.value[s.side].choose!(s, rng, buf);
      recordCoverage(fired);
      applyCode(s, code, buf, null, c);
      recordCoverage(null);
      check.applied?.(s, code, buf, c);
    }
  } finally {
    recordCoverage(null);
    untrackTurns();
  }
  return turns;
};

/**
 * Plays a battle as {@link playTracked}, with the coverage recorder on while codes are applied, and
 * applies every code to an untracked copy too (whose rules scan the members instead of asking the
 * turn index): after every step the two states must be equal and must have marked the same
 * coverage slots; then `after` sees the tracked state. Returns the number of turn decisions.
 */
export const playBesideUntracked = (setup: BattleSetup, bot: string, seed: number, after?: (s: BattleState, c: Compiled) => void): number => {
  const total = coverageSlots(setup).total;
  const tracked = new Uint8Array(total);
  const fresh = new Uint8Array(total);
  let u: BattleState | null = null;
  return playTracked(
    setup,
    bot,
    seed,
    {
      applied: (s, code, buf, c) => {
        u ??= createBattle(setup, seed);
        recordCoverage(fresh);
        applyCode(u, code, buf, null, c);
        recordCoverage(null);
        expect(s).toEqual(u);
        expect([...tracked]).toEqual([...fresh]);
        after?.(s, c);
      },
    },
    tracked,
  );
};
