/**
 * Acceptance review of R9 (issue 3): every objective kind and option, end-of-round scoring and
 * every end condition. Side `a` (d4/d6 members) has Initiative over side `b` (d8+).
 */
import { describe, expect, it } from 'vitest';
import { applyAction, isLegal } from '../../../../src/shared/engine';
import type { Action, BattleState } from '../../../../src/shared/engine';
import type { Objective } from '../../../../src/shared/model/types';
import type { MemberSpec, SetupSpec } from './helpers';
import { clash, mkSetup, ofType, play, respond, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });
const work = (side: 'a' | 'b', id: string, objective = 'o'): Action => ({ type: 'interact', side, member: `${side}:${id}`, objective });
const two = (objectives: Objective[], extra: Partial<SetupSpec> = {}, a?: MemberSpec[], b?: MemberSpec[]) =>
  mkSetup({
    a: a ?? [{ id: 'x1', die: 'd6', health: 2 }, { id: 'x2', die: 'd6', health: 2 }],
    b: b ?? [{ id: 'y1', die: 'd8', health: 2 }, { id: 'y2', die: 'd8', health: 2 }],
    areas: ['p', 'q'],
    objectives,
    ...extra,
  });
const pts = (s: BattleState) => s.points.slice();

describe('R9.1 interact', () => {
  const o = (more: Partial<Objective> = {}): Objective => ({ id: 'o', name: 'O', area: 'p', kind: 'interact', progress: 2, points: 3, ...more }) as Objective;
  it('R9.1 progress is kept per side; the first side to complete scores once; then it is closed', () => {
    const r = play(start(two([o()])), work('a', 'x1'), work('b', 'y1'), work('a', 'x2'));
    expect(pts(r.state)).toEqual([3, 0]);
    expect(ofType(r.events, 'interacted').map((e) => e.progress)).toEqual([1, 1, 2]);
    expect(isLegal(r.state, work('b', 'y2'))).toBe(false);
  });

  it('R9.1 repeatable: progress restarts and the objective scores again, for either side', () => {
    const r = play(start(two([o({ repeatable: true, progress: 1 })])), work('a', 'x1'), work('b', 'y1'), work('a', 'x2'));
    expect(pts(r.state)).toEqual([6, 3]);
  });

  it('R9.1 side: only that side may work it', () => {
    const s = start(two([o({ side: 'b' })]));
    expect(isLegal(s, work('a', 'x1'))).toBe(false);
  });

  it('R9.2 Interact needs the member in the objective Area', () => {
    const s = start(two([o({ area: 'q' })]));
    const r = applyAction(s, work('a', 'x1'));
    expect(!r.ok && r.error.message).toContain('move there first');
  });

  it('R9.2 whenContested allowed (default) makes progress with enemies present', () => {
    const r = play(start(two([o({ progress: 1 })])), work('a', 'x1'));
    expect(pts(r.state)).toEqual([3, 0]);
  });

  it('R9.2 whenContested blocked: no Interact while enemies are present, fine once they leave', () => {
    const s = start(two([o({ progress: 1, whenContested: 'blocked' })]));
    expect(isLegal(s, work('a', 'x1'))).toBe(false);
    const r = play(s, hold('a', 'x1'), { type: 'move', side: 'b', member: 'b:y1', to: 'q' }, hold('a', 'x2'), { type: 'move', side: 'b', member: 'b:y2', to: 'q' });
    // New round: p holds only a's members now.
    expect(isLegal(r.state, work('a', 'x1'))).toBe(true);
  });

  it('R9.2 whenContested roll: progress only on a result ≥ difficulty, and only when contested', () => {
    const fail = play(start(two([o({ progress: 1, whenContested: 'roll', difficulty: 5 })]), [4]), work('a', 'x1'));
    expect(pts(fail.state)).toEqual([0, 0]);
    expect(ofType(fail.events, 'interacted')[0]).toMatchObject({ success: false, progress: 0 });
    const win = play(start(two([o({ progress: 1, whenContested: 'roll', difficulty: 5 })]), [5]), work('a', 'x1'));
    expect(pts(win.state)).toEqual([3, 0]);
    const calm = two([o({ progress: 1, whenContested: 'roll', difficulty: 6 })], {}, undefined, [{ id: 'y1', die: 'd8', area: 'q' }, { id: 'y2', die: 'd8', area: 'q' }]);
    const r = play(start(calm, []), work('a', 'x1'));
    expect(pts(r.state)).toEqual([3, 0]);
  });

  it('R9.3 resetOnDamage: damage to the last worker resets its side’s progress; other damage does not', () => {
    const s = () => start(two([o({ resetOnDamage: true })]), [6]);
    // x1 is activated by its Interact, so it absorbs without being asked.
    const hurt = play(s(), work('a', 'x1'), clash('b', [['y1', 'x1']]));
    expect(ofType(hurt.events, 'progressReset')).toHaveLength(1);
    expect(hurt.state.progress[0]).toBe(0);
    const other = play(s(), work('a', 'x1'), clash('b', [['y1', 'x2']]), respond('a', { x2: 'absorb' }));
    expect(other.state.progress[0]).toBe(1);
    const off = play(start(two([o()]), [6]), work('a', 'x1'), clash('b', [['y1', 'x1']]));
    expect(off.state.progress[0]).toBe(1);
  });
});

describe('R9.1 presence, elimination and end-of-battle objectives', () => {
  const endRound = (s: BattleState) => play(s, hold('a', 'x1'), hold('b', 'y1'), hold('a', 'x2'), hold('b', 'y2'));
  it('R9.1 reach scores each round for every side present; once only the first time', () => {
    const every = endRound(endRound(start(two([{ id: 'r', name: 'R', area: 'p', kind: 'reach', points: 2 }]))).state);
    expect(pts(every.state)).toEqual([4, 4]);
    const once = endRound(endRound(start(two([{ id: 'r', name: 'R', area: 'p', kind: 'reach', once: true }]))).state);
    expect(pts(once.state)).toEqual([1, 1]);
    const absent = endRound(start(two([{ id: 'r', name: 'R', area: 'q', kind: 'reach' }])));
    expect(pts(absent.state)).toEqual([0, 0]);
  });

  it('R9.1 control: more members scores; by value sums die values; equal presence scores nothing', () => {
    const a: MemberSpec[] = [{ id: 'x1', die: 'd4' }, { id: 'x2', die: 'd4' }];
    const b: MemberSpec[] = [{ id: 'y1', die: 'd10' }, { id: 'y2', die: 'd10', area: 'q' }];
    const count = endRound(start(two([{ id: 'c', name: 'C', area: 'p', kind: 'control' }], {}, a, b)));
    expect(pts(count.state)).toEqual([1, 0]);
    const value = endRound(start(two([{ id: 'c', name: 'C', area: 'p', kind: 'control', by: 'value' }], {}, a, b)));
    expect(pts(value.state)).toEqual([0, 1]);
    const even = endRound(start(two([{ id: 'c', name: 'C', area: 'p', kind: 'control' }])));
    expect(pts(even.state)).toEqual([0, 0]);
  });

  const kill = (objectives: Objective[], extra: Partial<SetupSpec> = {}) =>
    play(start(two(objectives, extra, [{ id: 'x1', die: 'd6', effects: [{ damage: 2 }] }, { id: 'x2', die: 'd6' }]), [6]), clash('a', [['x1', 'y2']]), respond('b', { y2: 'absorb' }));
  it('R9.1 eliminate: the named member, or any enemy with any: true; points per member', () => {
    expect(pts(kill([{ id: 'e', name: 'E', area: 'p', kind: 'eliminate', member: 'y2', points: 4 }]).state)).toEqual([4, 0]);
    expect(pts(kill([{ id: 'e', name: 'E', area: 'p', kind: 'eliminate', member: 'y1', points: 4 }]).state)).toEqual([0, 0]);
    expect(pts(kill([{ id: 'e', name: 'E', area: 'p', kind: 'eliminate', any: true, points: 2 }]).state)).toEqual([2, 0]);
    expect(pts(kill([{ id: 'e', name: 'E', area: 'p', kind: 'eliminate', any: true, side: 'b' }]).state)).toEqual([0, 0]);
  });

  it('R9.5 scoring.perEnemyIncapacitated adds points per incapacitated enemy', () => {
    expect(pts(kill([], { perEnemyIncapacitated: 3 }).state)).toEqual([3, 0]);
  });

  it('R9.1 protect and survive score at battle end only', () => {
    const objectives: Objective[] = [
      { id: 'pr', name: 'P', area: 'p', kind: 'protect', member: 'y1', points: 5 },
      { id: 'pr2', name: 'P2', area: 'p', kind: 'protect', member: 'y2', points: 7 },
      { id: 'sv', name: 'S', area: 'p', kind: 'survive', count: 2 },
    ];
    const r = kill(objectives, { rounds: 1 });
    expect(pts(r.state)).toEqual([0, 0]);
    const end = play(r.state, hold('b', 'y1'), hold('a', 'x2'));
    expect(end.state.phase).toBe('ended');
    // y1 protected (5); y2 is down (no 7); survive 2: a has 2 (1), b has 1 (none).
    expect(pts(end.state)).toEqual([1, 5]);
  });
});

describe('R9.4–R9.5 end of round and end of battle', () => {
  it('R9.4 end-of-round objectives score after the last turn, before roundEnded', () => {
    const r = play(start(two([{ id: 'r', name: 'R', area: 'p', kind: 'reach', side: 'a' }])), hold('a', 'x1'), hold('b', 'y1'), hold('a', 'x2'), hold('b', 'y2'));
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('scored')).toBeLessThan(types.indexOf('roundEnded'));
    expect(types.indexOf('scored')).toBeGreaterThan(types.lastIndexOf('held'));
  });

  it('R9.5 ends after the last round; more points wins, equal points is a draw', () => {
    const r = play(start(two([], { rounds: 1 })), hold('a', 'x1'), hold('b', 'y1'), hold('a', 'x2'), hold('b', 'y2'));
    expect(r.state.result).toEqual({ winner: null, points: { a: 0, b: 0 }, rounds: 1, reason: 'rounds' });
  });

  it('R9.5 ends when one side has nobody left (elimination)', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ damage: 9 }] }], b: [{ id: 'y', die: 'd8', health: 2 }], ruleset: { captain: { lastStand: false } }, perEnemyIncapacitated: 1 });
    const r = play(start(setup, [6]), clash('a', [['x', 'y']]), respond('b', { y: 'absorb' }));
    expect(r.state.result).toMatchObject({ winner: 'a', reason: 'elimination', rounds: 1 });
  });

  it('R9.5 endWhen points ends as soon as a side reaches them', () => {
    const setup = two([{ id: 'o', name: 'O', area: 'p', kind: 'interact', repeatable: true, points: 2 }], { endWhen: { points: 4 } });
    const r = play(start(setup), { type: 'interact', side: 'a', member: 'a:x1', objective: 'o' }, hold('b', 'y1'));
    expect(r.state.phase).toBe('turn');
    const end = play(r.state, { type: 'interact', side: 'a', member: 'a:x2', objective: 'o' });
    expect(end.state.result).toMatchObject({ winner: 'a', reason: 'points', points: { a: 4, b: 0 } });
  });

  it('R9.5 endWhen allObjectivesDone ends when every completable objective is done', () => {
    const setup = two([{ id: 'o', name: 'O', area: 'p', kind: 'interact' }, { id: 'o2', name: 'O2', area: 'p', kind: 'interact', side: 'b', points: 2 }], { endWhen: { allObjectivesDone: true } });
    const r = play(start(setup), { type: 'interact', side: 'a', member: 'a:x1', objective: 'o' });
    expect(r.state.phase).toBe('turn');
    const end = play(r.state, { type: 'interact', side: 'b', member: 'b:y1', objective: 'o2' });
    expect(end.state.result).toMatchObject({ winner: 'b', reason: 'allObjectivesDone' });
  });
});
