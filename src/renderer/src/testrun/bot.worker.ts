/// <reference lib="webworker" />
// Bot decisions off the UI thread (an mcts decision can take longer than a frame).
import type { BotReply, BotRequest } from './bot-protocol';
import { botDecision, playedBattle, simulatedBattle } from './bot-move';

self.onmessage = (e: MessageEvent<BotRequest>): void => {
  const req = e.data;
  let reply: BotReply;
  try {
    reply =
      req.type === 'decide'
        ? { id: req.id, result: botDecision(req.state, req.bot, req.seed, req.index) }
        : req.type === 'played'
          ? { id: req.id, result: playedBattle(req.setup, req.bots, req.seed) }
          : { id: req.id, result: simulatedBattle(req.setup, req.bots, req.simSeed, req.run, req.seed) };
  } catch (x) {
    reply = {
      id: req.id,
      result: {
        ok: false,
        error: {
          code: 'bot/crash',
          message: `The bot failed: ${String(x)}. Try another bot or report this.`,
        },
      },
    };
  }
  (self as unknown as { postMessage(m: BotReply): void }).postMessage(reply);
};
