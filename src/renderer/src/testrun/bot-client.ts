/**
 * Runs bot decisions in a Web Worker so the page stays responsive; falls back to the page's own
 * thread (after yielding to the UI) where workers are unavailable. Every call resolves.
 */
import type { Action, BattleSetup, BattleState } from '../../../shared/engine';
import { err } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import { botDecision, playedBattle, simulatedBattle } from './bot-move';
import type { BotReply, BotRequest, BotRequestBody } from './bot-protocol';
import BotWorker from './bot.worker?worker';

/** The bot service of one Play view. */
export interface BotClient {
  decide(state: BattleState, bot: string, seed: number, index: number): Promise<Result<Action>>;
  simulated(
    setup: BattleSetup,
    bots: [string, string],
    simSeed: number,
    run: number,
    seed: number,
  ): Promise<Result<Action[]>>;
  /** A whole battle played by `bots` from `seed`, as `mortisphere play` plays it. */
  played(setup: BattleSetup, bots: [string, string], seed: number): Promise<Result<Action[]>>;
  dispose(): void;
}

type Pending = Map<number, (r: BotReply['result']) => void>;

const yieldToUi = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** A client backed by a worker when one can be started, else inline. */
export function createBotClient(): BotClient {
  let worker: Worker | null = null;
  try {
    worker = new BotWorker();
  } catch {
    worker = null;
  }
  const pending: Pending = new Map();
  let next = 1;
  if (worker) {
    worker.onmessage = (e: MessageEvent<BotReply>) => {
      pending.get(e.data.id)?.(e.data.result);
      pending.delete(e.data.id);
    };
    worker.onerror = (e) => {
      for (const resolve of pending.values())
        resolve(err('bot/crash', `The bot worker failed (${e.message}); reload the page.`));
      pending.clear();
    };
  }
  const send = <T>(req: BotRequestBody, inline: () => Result<T>): Promise<Result<T>> => {
    if (!worker) return yieldToUi().then(inline);
    const id = next++;
    return new Promise((resolve) => {
      pending.set(id, resolve as (r: BotReply['result']) => void);
      worker!.postMessage({ ...req, id } as BotRequest);
    });
  };
  return {
    decide: (state, bot, seed, index) =>
      send({ type: 'decide', state, bot, seed, index }, () => botDecision(state, bot, seed, index)),
    simulated: (setup, bots, simSeed, run, seed) =>
      send({ type: 'simulated', setup, bots, simSeed, run, seed }, () =>
        simulatedBattle(setup, bots, simSeed, run, seed),
      ),
    played: (setup, bots, seed) => send({ type: 'played', setup, bots, seed }, () => playedBattle(setup, bots, seed)),
    dispose: () => {
      worker?.terminate();
      for (const resolve of pending.values()) resolve(err('bot/stopped', 'The bot was stopped.'));
      pending.clear();
    },
  };
}
