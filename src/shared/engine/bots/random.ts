import { ActionBuffer, decodeAction, enumerateActions } from '../action-codes';
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { listedActions } from '../legal';
import type { Action, BattleSetup, BattleState } from '../types';
import type { Rng } from '../sim/seed';
import { turnDraw } from '../turn-draw';
import type { Policy } from './policy';

/**
 * The `random` bot: uniform over the legal actions as `legalActions` lists them. In a turn it
 * counts the codes and builds just the one it draws, in one call (turn-draw.ts's `turnDraw`) — the same count and the same
 * index→code mapping as the full enumeration, so the same draws; other decisions enumerate every
 * code. It builds at most the action it picks.
 */
export const randomPolicy = (): Policy => {
  const own = new ActionBuffer();
  let setup: BattleSetup | null = null;
  let c: Compiled | null = null;
  const choose = (state: BattleState, rng: Rng, buf: ActionBuffer): number => {
    if (state.setup !== setup) {
      setup = state.setup;
      c = compile(setup);
    }
    if (state.phase === 'turn') return turnDraw(state, c!, buf, rng);
    const n = enumerateActions(state, c!, buf, listedActions);
    if (n === 0) throw new Error('random: no legal action in a battle that has not ended');
    return buf.codes[rng.int(n)]!;
  };
  return {
    name: 'random',
    choose,
    decide(state: BattleState, rng: Rng): Action {
      return decodeAction(state, compile(state.setup), choose(state, rng, own), own);
    },
  };
};
