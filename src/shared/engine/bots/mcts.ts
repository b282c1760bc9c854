/**
 * The `mcts` bot: Monte Carlo tree search at the root over determinised dice. Each iteration
 * reseeds the battle's dice (the bot never peeks at the real PRNG), picks a candidate by UCB1,
 * plays greedy rollouts for a bounded number of decisions and scores the outcome.
 */
import { applyAction } from '../apply';
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { createRng } from '../prng';
import { isActive } from '../state';
import type { Action, BattleState } from '../types';
import type { Rng } from '../sim/seed';
import type { Policy } from './policy';
import { OddsCache, POINT_WEIGHT, memberWorth } from './estimate';
import { greedyPolicy, rankActions } from './greedy';

/** Options of the mcts bot. */
export interface MctsOptions {
  /** Simulated continuations per decision (default {@link DEFAULT_MCTS_ITERATIONS}). */
  iterations?: number;
  /** Candidate actions searched, best greedy-ranked first (default 6). */
  candidates?: number;
  /** Decisions played per rollout before the position is scored (default 16). */
  depth?: number;
}

/** Iterations per decision of `--ai mcts`. */
export const DEFAULT_MCTS_ITERATIONS = 48;
const EXPLORATION = 0.5;

/** Value in [0, 1] of a position for `side`: 1/0/0.5 when ended, else points and material. */
export const positionValue = (s: BattleState, c: Compiled, side: number): number => {
  if (s.phase === 'ended' && s.result !== null) {
    if (s.result.winner === null) return 0.5;
    return s.result.winner === s.setup.sides[side].id ? 1 : 0;
  }
  let margin = (s.points[side] - s.points[1 - side]) * POINT_WEIGHT;
  for (let m = 0; m < c.n; m++) {
    if (!isActive(s, m)) continue;
    const worth = memberWorth(c, m) * (0.5 + (0.5 * s.health[m]) / c.members[m].maxHealth);
    margin += c.sideOf[m] === side ? worth : -worth;
  }
  return 1 / (1 + Math.exp(-margin / 6));
};

/** Creates the mcts bot; it only ever returns an action from `legalActions`. */
export const mctsPolicy = (options: MctsOptions = {}): Policy => {
  const iterations = Math.max(1, Math.floor(options.iterations ?? DEFAULT_MCTS_ITERATIONS));
  const width = Math.max(1, Math.floor(options.candidates ?? 6));
  const depth = Math.max(1, Math.floor(options.depth ?? 16));
  const odds = new OddsCache();
  const rollout = greedyPolicy();
  return {
    name: 'mcts',
    decide(state: BattleState, rng: Rng): Action {
      const ranked = rankActions(state, odds);
      if (ranked.length === 0) throw new Error('mcts: no legal action in a battle that has not ended');
      if (ranked.length === 1 || state.phase === 'swarmLoss') return ranked[0].action;
      const c = compile(state.setup);
      const side = state.side;
      const kids = ranked.slice(0, width).map((r) => ({ action: r.action, visits: 0, total: 0 }));
      for (let it = 0; it < iterations; it++) {
        let pick = kids.find((k) => k.visits === 0);
        if (pick === undefined) {
          const logN = Math.log(it);
          let best = -Infinity;
          for (const k of kids) {
            const ucb = k.total / k.visits + EXPLORATION * Math.sqrt(logN / k.visits);
            if (ucb > best) {
              best = ucb;
              pick = k;
            }
          }
        }
        const kid = pick!;
        // Determinise: the future dice are unknown, so sample a fresh dice stream.
        let s: BattleState = { ...state, rng: createRng(Math.floor(rng.next() * 4294967296)) };
        const first = applyAction(s, kid.action);
        if (!first.ok) {
          kid.visits++;
          continue;
        }
        s = first.value.state;
        for (let d = 0; d < depth && s.phase !== 'ended'; d++) {
          const next = applyAction(s, rollout.decide(s, rng));
          if (!next.ok) break;
          s = next.value.state;
        }
        kid.visits++;
        kid.total += positionValue(s, c, side);
      }
      let chosen = kids[0];
      for (const k of kids) if (k.visits > chosen.visits || (k.visits === chosen.visits && k.total > chosen.total)) chosen = k;
      return chosen.action;
    },
  };
};
