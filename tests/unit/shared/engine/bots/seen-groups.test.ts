import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../../src/shared/engine';
import { compile } from '../../../../../src/shared/engine/compiled';
import { OddsCache } from '../../../../../src/shared/engine/bots/estimate';
import { decision, viewOf } from '../../../../../src/shared/engine/bots/greedy-pairs';
import { exampleSetup } from './example-setups';

/**
 * Greedy keeps the group and Swarm views (R6.1) it looked up in the current decision; entries
 * carry their decision's generation instead of being cleared, so an entry from an earlier
 * decision, or from another cache, must never be returned.
 */
describe('greedy per-decision group views (R6.1)', () => {
  it('are kept within a decision and never handed to a later decision or another cache', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const s = createBattle(setup, 1);
    const a = [c.first[0]!, c.first[0]! + 1];
    const t = c.first[1]!;
    const first = new OddsCache();
    decision.id++;
    decision.state = s;
    const swarm = viewOf(s, c, first, a, t, true);
    const group = viewOf(s, c, first, a, t, false);
    expect(viewOf(s, c, first, a, t, true)).toBe(swarm);
    expect(viewOf(s, c, first, a, t, false)).toBe(group);
    // Another cache in the same decision, then in a new one: its own views, not the first cache's.
    const second = new OddsCache();
    const other = viewOf(s, c, second, a, t, true);
    expect(other).not.toBe(swarm);
    expect(other).toEqual(swarm);
    decision.id++;
    expect(viewOf(s, c, first, a, t, true)).not.toBe(other);
    expect(viewOf(s, c, second, a, t, true)).not.toBe(swarm);
  });
});
