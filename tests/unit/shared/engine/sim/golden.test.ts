import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayBattle } from '../../../../../src/shared/engine';
import type { BattleEvent, BattleLog, BattleResult } from '../../../../../src/shared/engine';
import { greedyPolicy, randomPolicy } from '../../../../../src/shared/engine/bots';
import { layoutOf, playBattle, replayRun, runRange } from '../../../../../src/shared/engine/sim/runner';
import { buildReport } from '../../../../../src/shared/engine/sim/report';
import { emptyAccumulator } from '../../../../../src/shared/engine/sim/stats';
import { playBotSeed } from '../../../../../src/shared/engine/sim/seed';
import { exampleSetup } from '../bots/example-setups';

/**
 * Golden replay of one example battle: `mortisphere play glass-temple --seed 7` (greedy vs greedy).
 * A change to the engine, the greedy bot or the example content that alters it must be explained;
 * regenerate with `UPDATE_GOLDEN=1 npx vitest run tests/unit/shared/engine/sim/golden.test.ts`.
 */
const FIXTURE = join(__dirname, '../../../../fixtures/golden/glass-temple-seed-7.json');

interface Golden {
  log: BattleLog;
  result: BattleResult;
  events: BattleEvent[];
}

describe('golden replay (R1.6)', () => {
  const setup = exampleSetup('glass-temple');
  const played = playBattle(setup, [greedyPolicy(), greedyPolicy()], 7, playBotSeed(7), true);
  if (!played.ok) throw new Error(played.error.message);
  const current: Golden = {
    log: { scenario: 'glass-temple', crews: [setup.sides[0].crewId, setup.sides[1].crewId], ruleset: setup.rulesetId, seed: 7, decisions: played.value.decisions },
    result: played.value.state.result!,
    events: played.value.events,
  };
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FIXTURE, `${JSON.stringify(current, null, 1)}\n`);
  if (!existsSync(FIXTURE)) throw new Error(`missing golden fixture ${FIXTURE}; create it with UPDATE_GOLDEN=1`);
  const golden = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Golden;

  it('replaying the pinned log gives exactly the pinned events and result', () => {
    const replayed = replayBattle(setup, golden.log.seed, golden.log.decisions);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.events).toEqual(golden.events);
    expect(replayed.value.state.result).toEqual(golden.result);
  });

  it('a simulation run replays exactly with replayRun (the battle behind a report bucket)', () => {
    const policies = (): [ReturnType<typeof greedyPolicy>, ReturnType<typeof greedyPolicy>] => [greedyPolicy(), randomPolicy()];
    const layout = layoutOf(setup);
    const acc = emptyAccumulator(layout);
    const done = runRange(setup, layout, policies(), 99, 0, 6, acc);
    expect(done.ok).toBe(true);
    const report = buildReport(layout, acc, 99, 0);
    for (const bucket of report.analysis!.buckets) {
      const again = replayRun(setup, policies(), 99, bucket.exampleRun);
      if (!again.ok) throw new Error(again.error.message);
      const res = again.value.state.result!;
      expect(res.rounds).toBe(bucket.rounds);
      expect(res.winner ?? 'draw').toBe(bucket.outcome);
      expect(again.value.state.seed).toBe(bucket.exampleSeed);
    }
  });

  it('greedy bots with the same seed play the pinned battle again', () => {
    expect(current.log).toEqual(golden.log);
    expect(current.events).toEqual(golden.events);
  });
});
