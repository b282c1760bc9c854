import type { Action, BattleState } from '../types';
import type { Rng } from '../sim/seed';

/**
 * A bot: picks one legal action for the side that must decide in `state` (`state.side`).
 * It never mutates `state` and draws randomness only from `rng` (seeded by the caller).
 */
export interface Policy {
  readonly name: string;
  decide(state: BattleState, rng: Rng): Action;
}
