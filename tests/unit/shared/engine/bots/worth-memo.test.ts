import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compile } from '../../../../../src/shared/engine/compiled';
import { WORTH_MAX_ATTACKERS, WorthMemo } from '../../../../../src/shared/engine/bots/worth-memo';
import { exampleSetup } from './example-setups';

/** Looks up (or, with `worth`, stores) target `t` under `attackers` ([member, key] in order). */
const probe = (memo: WorthMemo, c: ReturnType<typeof compile>, t: number, ready: boolean, key: number, attackers: [number, number][]): boolean => {
  if (!memo.start(c, t, ready, key)) return false;
  for (const [a, k] of attackers) if (!memo.add(a, k)) return false;
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

  it('never answers with another signature’s worth (collisions replace, they do not alias)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.boolean(), fc.integer({ min: 0, max: 0xffff }), fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 0xffff })), { minLength: 1, maxLength: WORTH_MAX_ATTACKERS })), { minLength: 1, maxLength: 300 }),
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
