/** Messages between the Play view and its bot worker. */
import type { Action, BattleSetup, BattleState } from '../../../shared/engine';
import type { Result } from '../../../shared/result';

/** A request: one bot decision, the decisions of one simulated battle, or of one whole played battle. */
export type BotRequestBody =
  | { type: 'decide'; state: BattleState; bot: string; seed: number; index: number }
  | {
      type: 'simulated';
      setup: BattleSetup;
      bots: [string, string];
      simSeed: number;
      run: number;
      seed: number;
    }
  | { type: 'played'; setup: BattleSetup; bots: [string, string]; seed: number };

/** A request with its id. */
export type BotRequest = BotRequestBody & { id: number };

/** The reply to request `id`. */
export interface BotReply {
  id: number;
  result: Result<Action | Action[]>;
}
