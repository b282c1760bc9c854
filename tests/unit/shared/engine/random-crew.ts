import fc from 'fast-check';
import type { MemberSpec } from './helpers';

/**
 * A random crew for properties over random setups: 1 to `max` members with ids m0, m1, …, each
 * drawn from `member` (its fields but the id).
 */
export const randomCrew = (member: fc.Arbitrary<Omit<MemberSpec, 'id'>>, max: number): fc.Arbitrary<MemberSpec[]> =>
  fc.integer({ min: 1, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => member.map((m): MemberSpec => ({ id: `m${i}`, ...m })))));
