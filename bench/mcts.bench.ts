/**
 * mcts vs greedy on the example scenarios: each seed is played twice, mcts on either side.
 * Reported, not asserted. `MCTS_GAMES` seeds per scenario (default 4), `MCTS_ITERATIONS`.
 */
import { DEFAULT_MCTS_ITERATIONS, getPolicy } from '../src/shared/engine/bots';
import { playBattle } from '../src/shared/engine/sim/runner';
import { SCENARIOS, exampleSetup } from './bench-util';

/** Plays the head-to-head and prints wins/losses/draws of mcts per scenario and in total. */
export async function run(): Promise<void> {
  const games = Number(process.env.MCTS_GAMES ?? 4);
  const iterations = Number(process.env.MCTS_ITERATIONS ?? DEFAULT_MCTS_ITERATIONS);
  const total = { w: 0, l: 0, d: 0 };
  for (const scenario of SCENARIOS) {
    const setup = await exampleSetup(scenario);
    const t = { w: 0, l: 0, d: 0 };
    const started = performance.now();
    for (let g = 0; g < games; g++) {
      for (const mctsSide of [0, 1] as const) {
        const mcts = getPolicy(`mcts:${iterations}`);
        const greedy = getPolicy('greedy');
        if (!mcts.ok || !greedy.ok) throw new Error('bots');
        const policies = mctsSide === 0 ? ([mcts.value, greedy.value] as const) : ([greedy.value, mcts.value] as const);
        const played = playBattle(setup, policies, 10_000 + g, 20_000 + g);
        if (!played.ok) throw new Error(played.error.message);
        const winner = played.value.state.result?.winner ?? null;
        if (winner === null) t.d++;
        else if (winner === setup.sides[mctsSide].id) t.w++;
        else t.l++;
      }
    }
    const secs = (performance.now() - started) / 1000;
    console.log(`mcts:${iterations} vs greedy on ${scenario}: ${t.w} wins, ${t.l} losses, ${t.d} draws (${(secs / (2 * games)).toFixed(2)} s/battle)`);
    total.w += t.w;
    total.l += t.l;
    total.d += t.d;
  }
  console.log(`mcts:${iterations} vs greedy overall: ${total.w} wins, ${total.l} losses, ${total.d} draws`);
}
