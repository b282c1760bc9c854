import type { BattleSetup } from '../../shared/engine';
import type { SimAccumulator } from '../../shared/engine/sim/stats';

/** Main → worker: play runs `from`..`to`−1 of a simulation and answer with their statistics. */
export interface RunChunk {
  type: 'run';
  chunk: number;
  setup: BattleSetup;
  policies: [string, string];
  seed: number;
  from: number;
  to: number;
}

/** Worker → main messages. */
export type WorkerReply =
  | { type: 'progress'; chunk: number; done: number }
  | { type: 'done'; chunk: number; acc: SimAccumulator }
  | { type: 'error'; chunk: number; code: string; message: string };
