import { describe, expect, it } from 'vitest';
import { whenBounds } from '../../../../src/shared/engine/effects';

// whenWithin's answers equal whenAt's for random conditions and contexts: effect-index.test.ts.
describe('effect conditions as bounds (whenBounds)', () => {
  it('R11: bounds hold the round, Health and opponent-die limits, and say whether whenAt is still needed (only for opponentType or area)', () => {
    expect(whenBounds(undefined)).toEqual({ minRound: -Infinity, maxHealth: Infinity, minOppSides: NaN, others: false });
    expect(whenBounds({ role: 'defender', roundAtLeast: 3 })).toEqual({ minRound: 3, maxHealth: Infinity, minOppSides: NaN, others: false });
    expect(whenBounds({ healthAtMost: 1, opponentDieAtLeast: 'd10', inSwarm: true })).toEqual({ minRound: -Infinity, maxHealth: 1, minOppSides: 10, others: false });
    expect(whenBounds({ opponentType: 'machine' }).others).toBe(true);
    expect(whenBounds({ area: 'ancient', vsSwarm: true }).others).toBe(true);
  });
});
