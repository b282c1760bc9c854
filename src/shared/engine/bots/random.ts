import { ActionBuffer, decodeAction, enumerateActions } from '../action-codes';
import { compile } from '../compiled';
import { listedActions } from '../legal';
import type { Action, BattleState } from '../types';
import type { Rng } from '../sim/seed';
import type { Policy } from './policy';

/**
 * The `random` bot: uniform over the legal actions as `legalActions` lists them. It enumerates
 * action codes and builds at most the action it picks.
 */
export const randomPolicy = (): Policy => {
  const own = new ActionBuffer();
  const choose = (state: BattleState, rng: Rng, buf: ActionBuffer): number => {
    const n = enumerateActions(state, compile(state.setup), buf, listedActions);
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
