import { describe, expect, it } from 'vitest';
import { advancementSteps, aftermathHistory, applyAction, createBattle, legalActions, nextDie, rollAftermath } from '../../../../src/shared/engine';
import { FLAG } from '../../../../src/shared/engine/types';
import type { HistoryEntry } from '../../../../src/shared/model/types';
import { clash, mkSetup, play, respond, start } from './helpers';

const battle = (rolls: number[]) => {
  const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'boss', die: 'd20', health: 3, cost: 40 }, { id: 'y', die: 'd8', captain: false }] });
  return play(start(setup, rolls), clash('a', [['x', 'y']]), respond('b', { y: 'absorb' })).state;
};

describe('R10 after the battle', () => {
  it('R10.1 each incapacitated member rolls on the aftermath table (1 dead, 2 injury, 3–6 recovers)', () => {
    expect(rollAftermath(battle([6, 1]))).toMatchObject([{ member: 'crew-b/y', key: 'b:y', roll: 1, outcome: 'dead' }]);
    expect(rollAftermath(battle([6, 2]))).toMatchObject([{ roll: 2, outcome: 'injury', maxHealth: 1 }]);
    expect(rollAftermath(battle([6, 5]))).toMatchObject([{ roll: 5, outcome: 'recovers' }]);
  });

  it('R10.1 aftermath continues the battle PRNG: same battle, same outcome; the state is untouched', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'boss', die: 'd20', health: 3, cost: 40 }, { id: 'y', die: 'd8', captain: false }] });
    let s = createBattle(setup, 11);
    while (s.phase !== 'ended') {
      const r = applyAction(s, legalActions(s)[0]!);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    const before = JSON.stringify(s);
    const out = rollAftermath(s);
    expect(out).toEqual(rollAftermath(JSON.parse(before) as typeof s));
    expect(JSON.stringify(s)).toBe(before);
    const down = [...setup.sides[0].members, ...setup.sides[1].members].filter((_, i) => (s.flags[i]! & FLAG.incapacitated) !== 0);
    expect(out.map((e) => e.key)).toEqual(down.map((m) => m.key));
    expect(out.length).toBeGreaterThan(0);
  });

  it('R10.2 outcomes become typed history entries (death, injury), recoveries add none', () => {
    const [dead] = rollAftermath(battle([6, 1]));
    expect(aftermathHistory(dead!, 'foundry', '2026-11-30')).toMatchObject({ kind: 'death', scenario: 'foundry', date: '2026-11-30' });
    const [hurt] = rollAftermath(battle([6, 2]));
    expect(aftermathHistory(hurt!, 'foundry', '2026-11-30')?.kind).toBe('injury');
    const [fine] = rollAftermath(battle([6, 6]));
    expect(aftermathHistory(fine!, 'foundry', '2026-11-30')).toBeNull();
  });

  it('R10.3 every victoriesPerStep victories earn one die step, d4→…→d20', () => {
    const wins = (n: number): HistoryEntry[] => Array.from({ length: n }, () => ({ kind: 'victory' }));
    expect(advancementSteps([...wins(7), { kind: 'defeat' }], 3)).toBe(2);
    expect(nextDie('d4')).toBe('d6');
    expect(nextDie('d12')).toBe('d20');
    expect(nextDie('d20')).toBeNull();
  });
});
