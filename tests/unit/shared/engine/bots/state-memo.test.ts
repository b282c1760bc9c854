import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../../src/shared/engine';
import { compile } from '../../../../../src/shared/engine/compiled';
import { StateMemo } from '../../../../../src/shared/engine/bots/state-memo';
import { OddsCache } from '../../../../../src/shared/engine/bots/estimate';
import { FLAG } from '../../../../../src/shared/engine/types';
import { exampleSetup } from './example-setups';

describe('StateMemo (bots keep values with the member state they depend on, R11 when)', () => {
  it('answers while Health and Last Stand of both members (and the round, the Area as their effects see it) hold, and only then', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const s = createBattle(setup, 1);
    const memo = new StateMemo<string>();
    memo.reset(c.n * c.n);
    // Two members none of whose effects read the round (R11 roundAtLeast).
    const calm = Array.from({ length: c.n }, (_, m) => m).filter((m) => !c.effects.readsRound[m]);
    const [a, b] = [calm[0]!, calm[calm.length - 1]!];
    expect(a).not.toBe(b);
    memo.set(s, c, 3, a, b, 'v');
    expect(memo.get(s, c, 3, a, b)).toBe('v');
    expect(memo.get(s, c, 4, a, b)).toBeUndefined();
    const changes: [string, () => void, () => void][] = [
      ['health of a', () => void (s.health[a] -= 1), () => void (s.health[a] += 1)],
      ['Last Stand of b', () => void (s.flags[b] |= FLAG.lastStand), () => void (s.flags[b] &= ~FLAG.lastStand)],
    ];
    for (const [what, change, undo] of changes) {
      change();
      expect(memo.get(s, c, 3, a, b), what).toBeUndefined();
      undo();
      expect(memo.get(s, c, 3, a, b), what).toBe('v');
    }
    // No effect of these members reads the round: a new round keeps the value.
    s.round += 1;
    expect(memo.get(s, c, 3, a, b)).toBe('v');
    // No Area has effects and no effect reads the Area (R8.5, R11 when.area): a move keeps it too.
    s.area[b] = (s.area[b]! + 1) % setup.areas.length;
    expect(memo.get(s, c, 3, a, b)).toBe('v');
    memo.reset(c.n * c.n);
    expect(memo.get(s, c, 3, a, b)).toBeUndefined();
  });

  it('R11 roundAtLeast: when a member may read the round, a new round is a new state', () => {
    const setup = JSON.parse(JSON.stringify(exampleSetup('drowned-foundry'))) as ReturnType<typeof exampleSetup>;
    setup.sides[0].members[0]!.effects.push({ effect: { rollModifier: 1, when: { roundAtLeast: 3 } }, source: 'test' });
    const c = compile(setup);
    const s = createBattle(setup, 1);
    const memo = new StateMemo<string>();
    memo.reset(c.n);
    expect(c.effects.readsRound[0]).toBe(true);
    memo.set(s, c, 0, 0, -1, 'v');
    expect(memo.get(s, c, 0, 0, -1)).toBe('v');
    s.round += 1;
    expect(memo.get(s, c, 0, 0, -1)).toBeUndefined();
  });

  it('R8.5 / R11 when.area: a move is a new state when the Areas differ for the member\'s effects', () => {
    const setup = JSON.parse(JSON.stringify(exampleSetup('drowned-foundry'))) as ReturnType<typeof exampleSetup>;
    // Area 1 has an effect (R8.5); Areas 0, 2 and 3 have none. Member 0 reads the Area's tags (R11).
    setup.areas[1]!.effects.push({ effect: { rollModifier: -1 }, source: 'test' });
    setup.sides[0].members[0]!.effects.push({ effect: { armor: 1, when: { area: 'ancient' } }, source: 'test' });
    const c = compile(setup);
    const s = createBattle(setup, 1);
    const memo = new StateMemo<string>();
    memo.reset(c.n);
    const other = c.n - 1;
    const at = (m: number, area: number) => {
      s.area[m] = area;
      memo.set(s, c, m, m, -1, 'v');
    };
    at(other, 0);
    s.area[other] = 2;
    expect(memo.get(s, c, other, other, -1), 'between two Areas without effects').toBe('v');
    s.area[other] = 1;
    expect(memo.get(s, c, other, other, -1), 'into the Area with an effect').toBeUndefined();
    at(0, 0);
    s.area[0] = 2;
    expect(memo.get(s, c, 0, 0, -1), 'a member whose own effect reads the Area').toBeUndefined();
  });
  it('keeps a value per member state: back in an earlier state, the earlier value answers again (R5.1 Health)', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const s = createBattle(setup, 1);
    const memo = new StateMemo<string>();
    memo.reset(c.n * c.n);
    const [a, b] = [0, c.n - 1];
    memo.set(s, c, 2, a, b, 'full');
    s.health[b] -= 1;
    expect(memo.get(s, c, 2, a, b)).toBeUndefined();
    memo.set(s, c, 2, a, b, 'hurt');
    expect(memo.get(s, c, 2, a, b)).toBe('hurt');
    s.health[b] += 1;
    expect(memo.get(s, c, 2, a, b)).toBe('full');
    // Slots and the one-member form are apart.
    expect(memo.get(s, c, 2, a, -1)).toBeUndefined();
    expect(memo.get(s, c, 1, a, b)).toBeUndefined();
  });
  it('OddsCache keeps a group value (a Swarm and its target, R6.2) per state of every member of the group', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const s = createBattle(setup, 1);
    const odds = new OddsCache();
    const group = [c.n - 1, 0, 1];
    odds.groupSet(s, c, 7, group, 3, 'full');
    expect(odds.groupGet(s, c, 7, group, 3)).toBe('full');
    expect(odds.groupGet(s, c, 8, group, 3), 'another key').toBeUndefined();
    s.health[1] -= 1;
    expect(odds.groupGet(s, c, 7, group, 3)).toBeUndefined();
    odds.groupSet(s, c, 7, group, 3, 'hurt');
    s.health[1] += 1;
    expect(odds.groupGet(s, c, 7, group, 3)).toBe('full');
    s.flags[0] |= FLAG.lastStand;
    expect(odds.groupGet(s, c, 7, group, 3), 'Last Stand of a member').toBeUndefined();
  });
});
