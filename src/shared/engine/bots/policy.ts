import type { ActionBuffer } from '../action-codes';
import type { Action, BattleState } from '../types';
import type { Rng } from '../sim/seed';

/**
 * A bot: picks one legal action for the side that must decide in `state` (`state.side`).
 * It never mutates `state` and draws randomness only from `rng` (seeded by the caller).
 */
export interface Policy {
  readonly name: string;
  decide(state: BattleState, rng: Rng): Action;
  /**
   * The same choice as {@link decide}, as an action code: the bot enumerates the legal actions of
   * `state` into `buf` (action-codes.ts) and returns the code it picks, building no action. The
   * simulation runner applies it with `applyCode`. Optional: bots without it play through `decide`.
   */
  choose?(state: BattleState, rng: Rng, buf: ActionBuffer): number;
}
