/** The bots (`random`, `greedy`, `mcts`) and the name → policy registry used by CLI, workers and editor. */
import { err, ok } from '../../result';
import type { Result } from '../../result';
import { greedyPolicy } from './greedy';
import { DEFAULT_MCTS_ITERATIONS, mctsPolicy } from './mcts';
import type { MctsOptions } from './mcts';
import type { Policy } from './policy';
import { randomPolicy } from './random';

export type { Policy } from './policy';
export type { MctsOptions } from './mcts';
export { randomPolicy } from './random';
export { greedyPolicy, rankActions, scoreAction } from './greedy';
export { mctsPolicy, positionValue, DEFAULT_MCTS_ITERATIONS } from './mcts';

/** Names accepted by {@link getPolicy}; `mcts:N` sets N iterations. */
export const POLICY_NAMES = ['random', 'greedy', 'mcts'] as const;

/**
 * A fresh bot by name: `random`, `greedy`, `mcts` or `mcts:N` (N iterations per decision).
 * Unknown names fail with `sim/unknown-bot` listing the valid ones.
 */
export const getPolicy = (name: string, options: MctsOptions = {}): Result<Policy> => {
  const [base, arg] = name.trim().split(':', 2);
  if (base === 'random' && arg === undefined) return ok(randomPolicy());
  if (base === 'greedy' && arg === undefined) return ok(greedyPolicy());
  if (base === 'mcts') {
    if (arg === undefined) return ok(mctsPolicy({ iterations: DEFAULT_MCTS_ITERATIONS, ...options }));
    if (/^\d+$/.test(arg) && Number(arg) >= 1) return ok(mctsPolicy({ ...options, iterations: Number(arg) }));
    return err('sim/unknown-bot', `bot '${name}': mcts iterations must be a whole number ≥ 1, e.g. mcts:200`);
  }
  return err('sim/unknown-bot', `unknown bot '${name}'; valid bots: ${POLICY_NAMES.join(', ')} (mcts:N sets N iterations)`);
};

/** Bots for both sides, in side order; fails on the first unknown name. */
export const getPolicies = (names: readonly [string, string] | readonly string[]): Result<[Policy, Policy]> => {
  if (names.length !== 2) return err('sim/unknown-bot', `give exactly two bots, one per side (got ${names.length}); e.g. greedy,random`);
  const a = getPolicy(names[0]);
  if (!a.ok) return a;
  const b = getPolicy(names[1]);
  if (!b.ok) return b;
  return ok([a.value, b.value]);
};
