/** Greedy-vs-greedy battles played by codes, as the simulator plays them, for tests that check each decision. */
import { createBattle } from '../../../../../src/shared/engine';
import type { BattleSetup } from '../../../../../src/shared/engine';
import { applyCode } from '../../../../../src/shared/engine/apply';
import { ActionBuffer } from '../../../../../src/shared/engine/action-codes';
import type { Compiled } from '../../../../../src/shared/engine/compiled';
import { greedyPolicy } from '../../../../../src/shared/engine/bots';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import type { BattleState } from '../../../../../src/shared/engine/types';

/**
 * Plays a greedy-vs-greedy battle of `setup` (compiled as `c`) from `seed`, calling `visit` with the
 * state before each decision and the buffer the bot then chooses in.
 */
export const alongGreedyBattle = (setup: BattleSetup, c: Compiled, seed: number, visit: (s: BattleState, buf: ActionBuffer) => void): void => {
  const state = createBattle(setup, seed);
  const bot = greedyPolicy();
  const rng = createBotRng(seed);
  const buf = new ActionBuffer();
  while (state.phase !== 'ended') {
    visit(state, buf);
    applyCode(state, bot.choose!(state, rng, buf), buf, null);
  }
};
