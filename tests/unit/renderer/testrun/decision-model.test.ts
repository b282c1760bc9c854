import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, currentDecision } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { boardOf } from '../../../../src/renderer/src/testrun/board-model';
import {
  buildClash,
  buildResponse,
  responseChoices,
  swarmCandidates,
  turnChoices,
} from '../../../../src/renderer/src/testrun/decision-model';
import { mkSetup } from '../../shared/engine/helpers';

const threeVsOne = () =>
  mkSetup({
    a: [
      { id: 'c', die: 'd6', health: 2 },
      { id: 'x', die: 'd6' },
      { id: 'y', die: 'd6' },
    ],
    b: [{ id: 'boss', die: 'd20', health: 3 }], // crew values 18 vs 20: side a has Initiative (R2.2)
    areas: ['field', 'hill'],
    objectives: [{ id: 'flag', name: 'Flag', area: 'hill', kind: 'interact', progress: 2, points: 1 }],
  });

const turnOf = (s: BattleState, side: string): BattleState => {
  let cur = s;
  // Hold with the other side until `side` decides a turn.
  while (currentDecision(cur)?.side !== side) {
    const tc = turnChoices(cur)!;
    const r = applyAction(cur, tc.holds[0]!.action);
    if (!r.ok) throw new Error(r.error.message);
    cur = r.value.state;
  }
  return cur;
};

describe('decision model (the "me" controls)', () => {
  it('lists attackers with their targets, moves, interacts and holds of the deciding side', () => {
    const s = turnOf(createBattle(threeVsOne(), 1), 'a');
    const tc = turnChoices(s)!;
    expect(tc.side).toBe('a');
    expect(tc.attackers.map((a) => a.key).sort()).toEqual(['a:c', 'a:x', 'a:y']);
    expect(tc.attackers[0]!.targets.map((t) => t.key)).toEqual(['b:boss']);
    expect(tc.moves.map((m) => m.label)).toContain('Move c to hill');
    expect(tc.holds.length).toBe(3);
  });

  it('builds a legal Clash, a Swarm of three same dice (R6.1), and refuses an empty one', () => {
    const s = turnOf(createBattle(threeVsOne(), 1), 'a');
    const picks = { 'a:c': 'b:boss', 'a:x': 'b:boss', 'a:y': 'b:boss' };
    expect(swarmCandidates(s, picks)).toEqual([['a:c', 'a:x', 'a:y']]);
    const plain = buildClash(s, 'a', ['a:c', 'a:x', 'a:y'], picks, false);
    expect(plain.ok).toBe(true);
    const swarm = buildClash(s, 'a', ['a:c', 'a:x', 'a:y'], picks, true);
    expect(swarm.ok && swarm.value.type === 'clash' && swarm.value.swarms).toEqual([['a:c', 'a:x', 'a:y']]);
    expect(buildClash(s, 'a', ['a:c'], {}, false)).toMatchObject({
      ok: false,
      error: { code: 'action/empty' },
    });
    expect(buildClash(s, 'a', ['a:c'], { 'a:c': 'b:boss' }, true).ok).toBe(false);
  });

  it('offers defend/absorb per target with exact pair odds (R4.2) and builds the response', () => {
    let s = turnOf(createBattle(threeVsOne(), 1), 'a');
    const clash = buildClash(s, 'a', ['a:c'], { 'a:c': 'b:boss' }, false);
    if (!clash.ok) throw new Error(clash.error.message);
    s = (applyAction(s, clash.value) as { ok: true; value: { state: BattleState } }).value.state;
    const rc = responseChoices(s)!;
    expect(rc).toHaveLength(1);
    expect(rc[0]!.canDefend).toBe(true);
    // d6 attacker vs d20 defender, standoff ties: attacker wins 15/120, defender 99/120, tie 6/120.
    const odds = rc[0]!.pairs[0]!.odds!;
    expect(`${odds.attackerWins.n}/${odds.attackerWins.d}`).toBe('1/8');
    expect(`${odds.defenderWins.n}/${odds.defenderWins.d}`).toBe('33/40');
    expect(`${odds.tie.n}/${odds.tie.d}`).toBe('1/20');
    const resp = buildResponse(s, { 'b:boss': 'defend' });
    expect(resp.ok && resp.value).toMatchObject({
      type: 'respond',
      side: 'b',
      responses: { 'b:boss': 'defend' },
    });
    expect(applyAction(s, (resp as { ok: true; value: never }).value).ok).toBe(true);
  });

  it('the board shows members per Area with Health, max roll, activation and objectives', () => {
    const s0 = createBattle(threeVsOne(), 1);
    const b = boardOf(s0);
    expect(b.areas.map((a) => a.id)).toEqual(['field', 'hill']);
    const field = b.areas[0]!;
    expect(field.members.map((m) => m.key)).toEqual(['a:c', 'a:x', 'a:y', 'b:boss']);
    expect(field.contested).toBe(true);
    const boss = field.members.find((m) => m.key === 'b:boss')!;
    expect(boss).toMatchObject({
      die: 'd20',
      health: 3,
      maxHealth: 3,
      maxRoll: 20,
      activated: false,
      incapacitated: false,
    });
    expect(b.areas[1]!.objectives[0]).toMatchObject({
      id: 'flag',
      progress: [
        ['Side A', 0, 2],
        ['Side B', 0, 2],
      ],
      heldBy: [],
    });
    // After a hold, that member shows as activated.
    const s = turnOf(s0, 'a');
    const tc = turnChoices(s)!;
    const held = (applyAction(s, tc.holds[0]!.action) as { ok: true; value: { state: BattleState } }).value
      .state;
    const heldKey = (tc.holds[0]!.action as { member: string }).member;
    expect(boardOf(held).areas[0]!.members.find((m) => m.key === heldKey)!.activated).toBe(true);
  });
});

describe('interception in the response controls (R3.3)', () => {
  const squads = (interception: boolean) =>
    mkSetup({
      a: [
        { id: 'x1', die: 'd6' },
        { id: 'x2', die: 'd6' },
      ],
      b: [
        { id: 'y', die: 'd8' },
        { id: 'guard', die: 'd12' },
        { id: 'far', die: 'd10', area: 'hill' },
      ],
      areas: ['field', 'hill'],
      ruleset: { clash: { interception } },
    });
  const clashOnY = (interception: boolean): BattleState => {
    let s = turnOf(createBattle(squads(interception), 3), 'a');
    const c = buildClash(s, 'a', ['a:x1'], { 'a:x1': 'b:y' }, false);
    if (!c.ok) throw new Error(c.error.message);
    s = (applyAction(s, c.value) as { ok: true; value: { state: BattleState } }).value.state;
    return s;
  };

  it('offers a ready, non-targeted friend in the Area as interceptor, with the exact odds of its pair', () => {
    const s = clashOnY(true);
    const rc = responseChoices(s)!;
    expect(rc.map((c) => c.target)).toEqual(['b:y']);
    const y = rc[0]!;
    // guard is in the field and ready; far is in another Area; y itself is the target.
    expect(y.interceptors.map((i) => i.key)).toEqual(['b:guard']);
    // d6 attacker vs d12 interceptor, standoff ties: attacker 15/72, defender 51/72, tie 6/72.
    const odds = y.interceptors[0]!.pairs[0]!.odds!;
    expect(`${odds.attackerWins.n}/${odds.attackerWins.d}`).toBe('5/24');
    expect(`${odds.defenderWins.n}/${odds.defenderWins.d}`).toBe('17/24');
    expect(`${odds.tie.n}/${odds.tie.d}`).toBe('1/12');
    const resp = buildResponse(s, { 'b:y': { interceptor: 'b:guard' } });
    expect(resp.ok && resp.value).toEqual({
      type: 'respond',
      side: 'b',
      responses: {},
      interceptors: { 'b:y': 'b:guard' },
    });
    const after = applyAction(s, (resp as { ok: true; value: never }).value);
    expect(after.ok).toBe(true);
    if (after.ok) {
      const rolls = after.value.events.filter((e) => e.type === 'responses');
      expect(rolls[0]).toMatchObject({ interceptors: { 'b:y': 'b:guard' } });
    }
  });

  it('offers no interceptor when the ruleset has interception off, and refuses one', () => {
    const s = clashOnY(false);
    expect(responseChoices(s)![0]!.interceptors).toEqual([]);
    expect(buildResponse(s, { 'b:y': { interceptor: 'b:guard' } })).toMatchObject({
      ok: false,
      error: { code: 'action/illegal' },
    });
  });
});
