/** Odds of one defended pair (R1.4, R1.5, R4.2, R4.3, R11 roll effects): exact rationals, and memoised floats for bots. */
export * from './rational';
export * from './roll-distribution';
export * from './pair-odds';
export * from './odds-table';
