import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { ActionBuffer } from '../../../../src/shared/engine/action-codes';
import { applyCode } from '../../../../src/shared/engine/apply';
import { restartBattle } from '../../../../src/shared/engine/battle';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { compile } from '../../../../src/shared/engine/compiled';
import { scoreEndOfRound } from '../../../../src/shared/engine/objectives';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { cloneState } from '../../../../src/shared/engine/state';
import { trackTurns, turnIndexProblem, untrackTurns } from '../../../../src/shared/engine/turn-index';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { playTracked } from './tracked-battle';

/** What end-of-round scoring (R9.4) would give `s` now: points and per-objective scores, `s` left as it was. */
const scoredNow = (s: BattleState): number[] => {
  const c = compile(s.setup);
  const points = [s.points[0], s.points[1]];
  const scored = s.scored.slice();
  scoreEndOfRound(s, c, null);
  const out = [s.points[0], s.points[1], ...s.scored];
  s.points[0] = points[0]!;
  s.points[1] = points[1]!;
  for (let i = 0; i < scored.length; i++) s.scored[i] = scored[i]!;
  return out;
};

describe('round flow on the turn index', () => {
  it.each(EXAMPLE_SCENARIOS)('%s: end-of-round scoring of a tracked state (Area masks) matches a member-by-member reading', async (scenario) => {
    const setup = await exampleSetup(scenario);
    let compared = 0;
    let differed = 0;
    for (let seed = 1; seed <= 6; seed++) {
      playTracked(setup, 'random', seed, {
        turn: (s) => {
          // The clone is not tracked: it is read member by member.
          const plain = scoredNow(cloneState(s));
          const indexed = scoredNow(s);
          expect(indexed).toEqual(plain);
          compared++;
          if (plain[0] !== s.points[0] || plain[1] !== s.points[1]) differed++;
        },
      });
    }
    expect(compared).toBeGreaterThan(50);
    // The comparison is not vacuous: scoring now would often have changed the points.
    expect(differed).toBeGreaterThan(0);
  });

  it.each(EXAMPLE_SCENARIOS)('%s: a state restarted while tracked is the created battle, its index read at round 1 start', async (scenario) => {
    const setup = await exampleSetup(scenario);
    const c = compile(setup);
    const p = getPolicies(['random', 'random']);
    if (!p.ok) throw new Error(p.error.message);
    const buf = new ActionBuffer();
    const s = createBattle(setup, 1);
    try {
      for (let seed = 2; seed <= 8; seed++) {
        trackTurns(s, c);
        const rng = createBotRng(seed);
        while (s.phase !== 'ended') applyCode(s, p.value[s.side].choose!(s, rng, buf), buf, null, c);
        // As the runner restarts its state: tracked first, so round 1's start is read as such.
        trackTurns(s, c);
        restartBattle(s, seed);
        expect({ ...s, openingEvents: [] }).toEqual({ ...createBattle(setup, seed), openingEvents: [] });
        expect(turnIndexProblem(s, c)).toBeNull();
      }
    } finally {
      untrackTurns();
    }
  });
});
