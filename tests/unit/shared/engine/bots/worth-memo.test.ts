import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compile } from '../../../../../src/shared/engine/compiled';
import { SINGLE, SWARM_LEAD, SWARM_MEMBER, WORTH_MAX_ATTACKERS, WorthMemo } from '../../../../../src/shared/engine/bots/worth-memo';
import { exampleSetup } from './example-setups';

/** Starts the signature of target `t` under `attackers` ([member, key, kind (default single)] in order). */
const probe = (memo: WorthMemo, c: ReturnType<typeof compile>, t: number, ready: boolean, key: number, attackers: ([number, number] | [number, number, number])[]): boolean => {
  if (!memo.start(c, t, ready, key)) return false;
  for (const [a, k, kind] of attackers) if (!memo.add(a, k, kind)) return false;
  return true;
};

describe('WorthMemo (greedy keeps a target worth, R3.1–R3.4, per exact signature of member states)', () => {
  const c = compile(exampleSetup('drowned-foundry'));

  it('R3.2 finds a stored worth only for the same target, readiness, target state and ordered attacker states', () => {
    const memo = new WorthMemo();
    expect(probe(memo, c, 3, true, 40, [[0, 7], [1, 9]])).toBe(true);
    expect(memo.get()).toBeUndefined();
    memo.set(1.25);
    expect(probe(memo, c, 3, true, 40, [[0, 7], [1, 9]]) && memo.get()).toBe(1.25);
    const others: [number, boolean, number, [number, number][]][] = [
      [4, true, 40, [[0, 7], [1, 9]]],
      [3, false, 40, [[0, 7], [1, 9]]],
      [3, true, 41, [[0, 7], [1, 9]]],
      [3, true, 40, [[0, 7], [1, 8]]],
      [3, true, 40, [[1, 9], [0, 7]]],
      [3, true, 40, [[0, 7]]],
      [3, true, 40, [[0, 7], [1, 9], [2, 0]]],
    ];
    for (const [t, ready, key, attackers] of others) {
      expect(probe(memo, c, t, ready, key, attackers)).toBe(true);
      expect(memo.get(), JSON.stringify([t, ready, key, attackers])).toBeUndefined();
    }
  });

  it('R6.1 tells a Swarm from the same members attacking as single pairs, and where each Swarm begins', () => {
    const memo = new WorthMemo();
    const swarm: [number, number, number][] = [[0, 7, SWARM_LEAD], [1, 9, SWARM_MEMBER], [2, 4, SWARM_MEMBER]];
    probe(memo, c, 5, false, 12, swarm);
    memo.set(-0.75);
    expect(probe(memo, c, 5, false, 12, swarm) && memo.get()).toBe(-0.75);
    const others: [number, number, number][][] = [
      [[0, 7, SINGLE], [1, 9, SINGLE], [2, 4, SINGLE]],
      [[0, 7, SWARM_LEAD], [1, 9, SWARM_MEMBER], [2, 4, SINGLE]],
      [[0, 7, SWARM_LEAD], [1, 9, SWARM_LEAD], [2, 4, SWARM_MEMBER]],
      [[1, 9, SWARM_LEAD], [0, 7, SWARM_MEMBER], [2, 4, SWARM_MEMBER]],
    ];
    for (const attackers of others) {
      expect(probe(memo, c, 5, false, 12, attackers)).toBe(true);
      expect(memo.get(), JSON.stringify(attackers)).toBeUndefined();
    }
  });

  it('keeps short and long signatures apart, each found again at every length up to the limit', () => {
    const memo = new WorthMemo();
    for (let n = 1; n <= WORTH_MAX_ATTACKERS; n++) {
      probe(memo, c, 2, true, 30, Array.from({ length: n }, (_, i): [number, number] => [i, 100 + i]));
      memo.set(n / 8);
    }
    for (let n = 1; n <= WORTH_MAX_ATTACKERS; n++) {
      probe(memo, c, 2, true, 30, Array.from({ length: n }, (_, i): [number, number] => [i, 100 + i]));
      expect(memo.get()).toBe(n / 8);
    }
  });

  it('never answers with another signature’s worth (collisions replace, they do not alias)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.boolean(), fc.integer({ min: 0, max: 0xffff }), fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: SINGLE, max: SWARM_MEMBER })), { minLength: 1, maxLength: WORTH_MAX_ATTACKERS })), { minLength: 1, maxLength: 300 }),
        (sigs) => {
          const memo = new WorthMemo();
          const truth = new Map<string, number>();
          sigs.forEach(([t, ready, key, attackers], i) => {
            probe(memo, c, t, ready, key, attackers);
            memo.set(i);
            truth.set(JSON.stringify([t, ready, key, attackers]), i);
          });
          for (const [t, ready, key, attackers] of sigs) {
            probe(memo, c, t, ready, key, attackers);
            const got = memo.get();
            if (got !== undefined) expect(got).toBe(truth.get(JSON.stringify([t, ready, key, attackers])));
          }
        },
      ),
    );
  });

  it('does not key states out of range, too many attackers, or another setup’s values', () => {
    const memo = new WorthMemo();
    expect(probe(memo, c, 3, true, -1, [[0, 7]])).toBe(false);
    expect(probe(memo, c, 3, true, 1 << 16, [[0, 7]])).toBe(false);
    expect(probe(memo, c, 3, true, 4, [[0, -1]])).toBe(false);
    expect(probe(memo, c, 3, true, 4, Array.from({ length: WORTH_MAX_ATTACKERS + 1 }, (_, i): [number, number] => [i % 16, i]))).toBe(false);
    probe(memo, c, 3, true, 4, [[0, 7]]);
    memo.set(2);
    const other = compile(exampleSetup('glass-temple'));
    probe(memo, other, 3, true, 4, [[0, 7]]);
    expect(memo.get()).toBeUndefined();
  });
});
