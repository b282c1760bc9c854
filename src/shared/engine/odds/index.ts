/** Exact odds of one defended pair (R1.4, R1.5, R4.2, R4.3, R11 roll effects) in rational arithmetic. */
export * from './rational';
export * from './roll-distribution';
export * from './pair-odds';
