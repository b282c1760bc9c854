import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, currentDecision } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { buildDeclare, declareChoices } from '../../../../src/renderer/src/testrun/declare-model';
import { turnChoices } from '../../../../src/renderer/src/testrun/decision-model';
import { mkSetup } from '../../shared/engine/helpers';

const phased = () =>
  mkSetup({
    a: [
      { id: 'gun', die: 'd6', ranged: true },
      { id: 'runner', die: 'd8', health: 2 },
    ],
    b: [
      { id: 'brute', die: 'd12', health: 3 },
      { id: 'scout', die: 'd4' },
    ],
    areas: ['yard', 'roof'],
    objectives: [{ id: 'cache', name: 'Cache', area: 'yard', kind: 'interact', progress: 1, points: 2 }],
    ruleset: { turnStructure: 'phased' },
  });

const next = (s: BattleState, a: Parameters<typeof applyAction>[1]): BattleState => {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
};

describe('declare model (phased "me" controls, R12)', () => {
  it('offers every ready member hold, clash per enemy, move per Area and interact per objective', () => {
    const s = createBattle(phased(), 1);
    expect(currentDecision(s)?.kind).toBe('declare');
    expect(turnChoices(s)).toBeNull();
    const dc = declareChoices(s)!;
    expect(dc.side).toBe(currentDecision(s)!.side);
    const mine = dc.side === 'a' ? ['a:gun', 'a:runner'] : ['b:brute', 'b:scout'];
    expect(dc.members.map((m) => m.key)).toEqual(mine);
    const first = dc.members[0]!;
    expect(first.options[0]).toMatchObject({ id: 'hold', label: 'Hold', holdPhases: [] });
    const ids = first.options.map((o) => o.id);
    const enemies = dc.side === 'a' ? ['b:brute', 'b:scout'] : ['a:gun', 'a:runner'];
    for (const e of enemies) expect(ids).toContain(`clash:${e}`);
    expect(ids).toContain('move:roof');
    expect(ids).toContain('interact:cache');
    expect(first.options.find((o) => o.id === 'move:roof')!.holdPhases).toEqual(['haste']);
    expect(first.options.find((o) => o.id === 'interact:cache')!.holdPhases).toEqual(['move', 'haste']);
  });

  it('a ranged Clash may be held to the Clash phase, a melee one only later (R12)', () => {
    let s = createBattle(phased(), 1);
    if (currentDecision(s)!.side !== 'a') s = next(s, buildDeclare(s, declareChoices(s)!, {}) as never);
    const dc = declareChoices(s)!;
    expect(dc.side).toBe('a');
    const gun = dc.members.find((m) => m.key === 'a:gun')!;
    const runner = dc.members.find((m) => m.key === 'a:runner')!;
    expect(gun.options.find((o) => o.id === 'clash:b:brute')!.holdPhases).toEqual(['clash', 'interact', 'move', 'haste']);
    expect(runner.options.find((o) => o.id === 'clash:b:brute')!.holdPhases).toEqual(['interact', 'move', 'haste']);
  });

  it('builds a legal declaration (unpicked members hold), holdUntil included, that the engine applies', () => {
    const s = createBattle(phased(), 1);
    const dc = declareChoices(s)!;
    const [m1, m2] = dc.members;
    const r = buildDeclare(s, dc, { [m1!.key]: { option: 'interact:cache', holdUntil: 'move' } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual({
      type: 'declare',
      side: dc.side,
      orders: [
        { member: m1!.key, act: 'interact', objective: 'cache', holdUntil: 'move' },
        { member: m2!.key, act: 'hold' },
      ],
    });
    const after = next(s, r.value);
    expect(currentDecision(after)).toEqual({ side: dc.side === 'a' ? 'b' : 'a', kind: 'declare' });
    expect(declareChoices(after)!.side).not.toBe(dc.side);
  });

  it('refuses a hold-until that brings an order forward, with the engine reason', () => {
    const s = createBattle(phased(), 1);
    const dc = declareChoices(s)!;
    const r = buildDeclare(s, dc, { [dc.members[0]!.key]: { option: 'move:roof', holdUntil: 'clash' } });
    expect(r).toMatchObject({ ok: false, error: { code: 'action/illegal' } });
    if (!r.ok) expect(r.error.message).toMatch(/cannot be brought forward/);
  });

  it('is null when the decision is not a declaration', () => {
    const s = createBattle(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }] }), 1);
    expect(declareChoices(s)).toBeNull();
  });
});
