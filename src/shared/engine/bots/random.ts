import { ActionBuffer, decodeAction, enumerateActions } from '../action-codes';
import { compile } from '../compiled';
import { listedActions } from '../legal';
import type { Action, BattleState } from '../types';
import type { Rng } from '../sim/seed';
import type { Policy } from './policy';

/**
 * The `random` bot: uniform over the legal actions as `legalActions` lists them. It enumerates
 * action codes into its own buffer and builds only the action it picks.
 */
export const randomPolicy = (): Policy => {
  const buf = new ActionBuffer();
  return {
    name: 'random',
    decide(state: BattleState, rng: Rng): Action {
      const c = compile(state.setup);
      const n = enumerateActions(state, c, buf, listedActions);
      if (n === 0) throw new Error('random: no legal action in a battle that has not ended');
      return decodeAction(state, c, buf.codes[rng.int(n)]!, buf);
    },
  };
};
