/**
 * The campaign view's battle player: whole bot battles (the next battle, replays, the check of a
 * battle to record) run in the Test run's bot worker, so an mcts battle never blocks the page.
 */
import { createBotClient } from '../testrun/bot-client';
import type { BotClient } from '../testrun/bot-client';
import type { BattlePlayer } from './battles';

let client: BotClient | null = null;

/** Plays a battle by bots in the bot worker (started on first use, kept for the window). */
export const workerPlayer: BattlePlayer = (setup, bots, seed) => (client ??= createBotClient()).played(setup, bots, seed);
