import { describe, expect, it } from 'vitest';
import { NO_SWARMS, expandClash } from '../../../../src/shared/engine/clash';
import { compile } from '../../../../src/shared/engine/compiled';
import { ClashWork, MODE } from '../../../../src/shared/engine/pending-clash';
import { COND, EK, condOf, effectAny, effectSum } from '../../../../src/shared/engine/effect-index';
import { whenAt } from '../../../../src/shared/engine/effects';
import type { When } from '../../../../src/shared/model/types';
import { clash, hp, mkSetup, ofType, play, respond, start } from './helpers';

/** The pairs of `w` as plain data: target, mode and attackers of each, and the distinct targets. */
const pairsOf = (w: ClashWork) => ({
  pairs: Array.from({ length: w.pairCount }, (_, i) => ({ target: w.pairTarget[i], mode: w.pairMode[i], attackers: Array.from(w.att.subarray(w.pairStart[i]!, w.pairStart[i + 1]!)) })),
  targets: Array.from(w.targets.subarray(0, w.targetCount)),
});

describe('a Clash of one attacker expands without the general loop (clash.ts expandClash, issue 13)', () => {
  const setup = (ruleset = {}) =>
    mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'bomb', die: 'd6', effects: [{ blast: true, when: { role: 'attacker' } }] }],
      b: [{ id: 'y', die: 'd8' }, { id: 'y2', die: 'd8' }, { id: 'y3', die: 'd8' }],
      ruleset,
    });

  it('R4.1 one attacker on one target is one single pair, as openPair/addAttacker/closePair write it', () => {
    for (const multipleAttackers of ['separate', 'keepHighest']) {
      const s = start(setup({ clash: { multipleAttackers } }));
      const c = compile(s.setup);
      const w = new ClashWork();
      // A Clash before it leaves pairs and targets behind; reset and the one pair replace them.
      w.reset(0, c.n, 3, 3);
      for (const t of [3, 4]) {
        w.openPair(t, MODE.SINGLE);
        w.addAttacker(0);
        w.addAttacker(1);
        w.closePair();
      }
      w.reset(0, c.n, 1, 1);
      expandClash(s, c, w, [0], [3], 1, NO_SWARMS);
      const general = new ClashWork();
      general.reset(0, c.n, 1, 1);
      general.openPair(3, MODE.SINGLE);
      general.addAttacker(0);
      general.closePair();
      expect(pairsOf(w)).toEqual(pairsOf(general));
      expect(pairsOf(w)).toEqual({ pairs: [{ target: 3, mode: MODE.SINGLE, attackers: [0] }], targets: [3] });
      expect(w.pairStart[0]).toBe(0);
    }
  });

  it('R11 blast: one attacker alone still faces every enemy in the Area (R12 keepHighest too)', () => {
    for (const multipleAttackers of ['separate', 'keepHighest']) {
      const s = start(setup({ clash: { multipleAttackers } }));
      const c = compile(s.setup);
      const w = new ClashWork();
      w.reset(0, c.n, 1, 1);
      expandClash(s, c, w, [1], [3], 1, NO_SWARMS);
      expect(pairsOf(w)).toEqual({
        pairs: [3, 2, 4].map((t) => ({ target: t, mode: MODE.SINGLE, attackers: [1] })),
        targets: [3, 2, 4],
      });
    }
  });
});

describe('a Clash without Swarms or keepHighest writes one single pair per attacker (clash.ts expandClash, issue 13)', () => {
  const setup = (multipleAttackers: 'separate' | 'keepHighest') =>
    mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'bomb', die: 'd6', effects: [{ blast: true, when: { role: 'attacker' } }] }, { id: 'z', die: 'd8' }],
      b: [{ id: 'y', die: 'd8' }, { id: 'y2', die: 'd8' }, { id: 'y3', die: 'd8' }],
      ruleset: { clash: { multipleAttackers } },
    });
  /** The pairs as openPair/addAttacker/closePair write them: `pairs` of [attacker, target]. */
  const general = (n: number, pairs: [number, number][]): ClashWork => {
    const w = new ClashWork();
    w.reset(0, n, 1, 1);
    for (const [m, t] of pairs) {
      w.openPair(t, MODE.SINGLE);
      w.addAttacker(m);
      w.closePair();
    }
    return w;
  };

  it('R4.1, R11 blast: several attackers, a blast among them, in declared order, as the general loop writes them', () => {
    const s = start(setup('separate'));
    const c = compile(s.setup);
    const w = new ClashWork();
    // A Clash before it (bigger) leaves pairs and targets behind: reset and the new pairs replace them.
    w.reset(0, c.n, 1, 1);
    expandClash(s, c, w, [0, 1, 2], [3, 3, 4], 3, NO_SWARMS);
    w.reset(0, c.n, 3, 3);
    expandClash(s, c, w, [2, 1, 0], [4, 3, 4], 3, NO_SWARMS);
    // bomb on y also faces y2 and y3 (R11), right after its own pair.
    const want: [number, number][] = [[2, 4], [1, 3], [1, 4], [1, 5], [0, 4]];
    expect(pairsOf(w)).toEqual(pairsOf(general(c.n, want)));
    expect(pairsOf(w)).toEqual({ pairs: want.map(([m, t]) => ({ target: t, mode: MODE.SINGLE, attackers: [m] })), targets: [4, 3, 5] });
  });

  it('R12 keepHighest still groups attackers on one target', () => {
    const s = start(setup('keepHighest'));
    const c = compile(s.setup);
    const w = new ClashWork();
    w.reset(0, c.n, 2, 2);
    expandClash(s, c, w, [0, 2], [3, 3], 2, NO_SWARMS);
    expect(pairsOf(w)).toEqual({ pairs: [{ target: 3, mode: 2, attackers: [0, 2] }], targets: [3] });
  });
});

describe('the one hit of a one-pair Clash is taken at once (resolve.ts hit, R4.5)', () => {
  // y deals 3 once it is down to 1 Health: under `bothDamaged` both hits of the pair are worked out
  // before either is taken (R4.5 simultaneous), so y, hit from 2 to 1, still deals 1.
  const setup = (timing: 'simultaneous' | 'sequential') =>
    mkSetup({
      a: [{ id: 'x', die: 'd6', health: 3 }],
      b: [{ id: 'y', die: 'd8', health: 2, effects: [{ damage: 3, when: { healthAtMost: 1 } }] }],
      ruleset: { clash: { tie: 'bothDamaged', timing } },
    });

  it('R4.3 bothDamaged in a one-pair Clash: both amounts are read before either hit lands', () => {
    const r = play(start(setup('simultaneous'), [4, 4]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'pairResolved')[0]!.outcome).toBe('both');
    expect([hp(r.state, 'a:x'), hp(r.state, 'b:y')]).toEqual([2, 1]);
    expect(ofType(r.events, 'damage').map((d) => [d.member, d.amount])).toEqual([
      ['b:y', 1],
      ['a:x', 1],
    ]);
    // Sequential timing takes each hit as it comes: y is at 1 when it strikes back.
    const seq = play(start(setup('sequential'), [4, 4]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect([hp(seq.state, 'a:x'), hp(seq.state, 'b:y')]).toEqual([0, 1]);
  });

  it('R4.5 a one-pair Clash leaves nothing queued, and its hit is taken when the pair resolves', () => {
    const r = play(start(setup('simultaneous'), [5, 2]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'pairResolved')[0]!.outcome).toBe('attacker');
    expect(hp(r.state, 'b:y')).toBe(1);
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('damage')).toBe(types.indexOf('pairResolved') + 1);
  });
});

describe('an effect whose `when` is a role alone is answered by the role (effect-index.ts cond, R11)', () => {
  const whens: (When | undefined)[] = [
    undefined,
    {},
    { role: 'attacker' },
    { role: 'defender' },
    { role: 'attacker', healthAtMost: 1 },
    { role: 'defender', roundAtLeast: 1 },
    { role: 'defender', inSwarm: false },
    { healthAtMost: 5 },
    { role: undefined },
  ];

  it('R11 every query gives what whenAt gives, for each role and Swarm context', () => {
    expect(whens.map(condOf)).toEqual([COND.ALWAYS, COND.ALWAYS, COND.AS_ATTACKER, COND.AS_DEFENDER, COND.BY_WHEN, COND.BY_WHEN, COND.BY_WHEN, COND.BY_WHEN, COND.ALWAYS]);
    const setup = mkSetup({
      a: whens.map((when, i) => ({ id: `m${i}`, die: 'd6', health: 2, effects: [when === undefined ? { armor: 1 } : { armor: 1, when }] })),
      b: [{ id: 'y', die: 'd8' }],
    });
    const s = start(setup);
    const c = compile(setup);
    let checked = 0;
    whens.forEach((when, m) => {
      for (const role of ['attacker', 'defender', undefined] as const) {
        for (const inSwarm of [false, true]) {
          const expected = when === undefined || whenAt(when, s, c, m, role, c.n - 1, inSwarm, false) ? 1 : 0;
          expect(effectSum(s, c, EK.armor, m, role, c.n - 1, inSwarm, false), `member ${m} as ${String(role)}`).toBe(expected);
          expect(effectAny(s, c, EK.armor, m, role, c.n - 1, inSwarm, false)).toBe(expected === 1);
          checked++;
        }
      }
    });
    expect(checked).toBe(whens.length * 6);
  });
});
