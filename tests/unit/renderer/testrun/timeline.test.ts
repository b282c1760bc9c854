import { describe, expect, it } from 'vitest';
import { legalActions } from '../../../../src/shared/engine';
import type { Action, BattleSetup } from '../../../../src/shared/engine';
import { boardAt } from '../../../../src/renderer/src/testrun/board-at';
import { boardOf } from '../../../../src/renderer/src/testrun/board-model';
import { botDecision } from '../../../../src/renderer/src/testrun/bot-move';
import { startSession, stepSession } from '../../../../src/renderer/src/testrun/play-session';
import type { PlaySession } from '../../../../src/renderer/src/testrun/play-session';
import { prepareBattle } from '../../../../src/renderer/src/testrun/setup-choice';
import {
  clampCursor,
  cursorAfter,
  decideAt,
  decisionsAt,
  isBoundary,
  lastEvent,
  longestFit,
  moveCursor,
  moveOfKey,
  roundAt,
  roundStarts,
  sameAction,
} from '../../../../src/renderer/src/testrun/timeline';
import { exampleModel } from './example';

const setupOf = (): BattleSetup => {
  const { model, diagnostics } = exampleModel();
  const r = prepareBattle(model, diagnostics, { scenario: 'drowned-foundry', crews: ['', ''], ruleset: '', players: ['greedy', 'greedy'], seed: 1 });
  if (!r.ok) throw new Error(r.refusal.message);
  return r.setup;
};

const playOut = (s: PlaySession): PlaySession => {
  let cur = s;
  while (cur.state.phase !== 'ended') {
    const a = botDecision(cur.state, 'greedy', cur.seed, cur.decisions.length);
    if (!a.ok) throw new Error(a.error.message);
    const next = stepSession(cur, a.value);
    if (!next.ok) throw new Error(next.error.message);
    cur = next.value;
  }
  return cur;
};

describe('battle timeline (issue 11, item 2)', () => {
  const setup = setupOf();
  const done = playOut(startSession(setup, 42));

  it('moves one event, one round and to either end, and never past the log', () => {
    const last = lastEvent(done);
    expect(moveCursor(done, 5, 'prev')).toBe(4);
    expect(moveCursor(done, 5, 'next')).toBe(6);
    expect(moveCursor(done, 0, 'prev')).toBe(0);
    expect(moveCursor(done, last, 'next')).toBe(last);
    expect(moveCursor(done, 17, 'start')).toBe(0);
    expect(moveCursor(done, 3, 'end')).toBe(last);
    const rounds = roundStarts(done);
    expect(rounds.length).toBeGreaterThan(1);
    expect(moveCursor(done, 0, 'nextRound')).toBe(rounds[1]);
    expect(moveCursor(done, rounds[1]! + 2, 'prevRound')).toBe(rounds[1]);
    expect(moveCursor(done, rounds[1]!, 'prevRound')).toBe(rounds[0]);
    expect(roundAt(done, rounds[1]!)).toBe(2);
    expect(clampCursor(done, 10_000)).toBe(last);
    expect(clampCursor(done, Number.NaN)).toBe(last);
  });

  it('keys: ←/→ and Home/End everywhere; PageUp/PageDown and ↑/↓ follow each widget’s direction', () => {
    expect(moveOfKey('ArrowLeft')).toBe('prev');
    expect(moveOfKey('ArrowRight', true)).toBe('next');
    expect(moveOfKey('Home')).toBe('start');
    expect(moveOfKey('End', true)).toBe('end');
    expect(moveOfKey('PageUp')).toBe('nextRound');
    expect(moveOfKey('PageDown')).toBe('prevRound');
    expect(moveOfKey('PageDown', true)).toBe('nextRound');
    expect(moveOfKey('ArrowDown', true)).toBe('next');
    expect(moveOfKey('a')).toBeNull();
  });

  it('moving the cursor loses nothing: the same session serves every position', () => {
    let c = lastEvent(done);
    while (c > 0) c = moveCursor(done, c, 'prev');
    while (c < lastEvent(done)) c = moveCursor(done, c, 'nextRound');
    expect(c).toBe(lastEvent(done));
    expect(done.events.length).toBe(done.producedBy.length);
  });

  it('the board at a decision boundary is the engine state after those decisions', () => {
    for (let k = 0; k <= done.decisions.length; k += 3) {
      const c = cursorAfter(done, k);
      expect(isBoundary(done, c)).toBe(true);
      expect(decisionsAt(done, c)).toBe(k);
      expect(boardAt(done, c)).toEqual(boardOf(done.states[k]!));
    }
  });

  it('inside a decision the board shows the damage dealt so far, not the whole decision', () => {
    const i = done.events.findIndex((e, j) => e.type === 'damage' && !isBoundary(done, j));
    expect(i).toBeGreaterThan(0);
    const e = done.events[i]!;
    if (e.type !== 'damage') throw new Error('not damage');
    const member = (b: ReturnType<typeof boardAt>) => b.areas.flatMap((a) => a.members).find((m) => m.key === e.member)!;
    const d = done.producedBy[i]!;
    expect(member(boardAt(done, i)).health).toBe(e.health);
    // Just before the damage the member still had the Health it had before the decision.
    const before = done.events.slice(0, i).findIndex((_, j) => done.producedBy[j] === d);
    if (before >= 0 && before < i - 1) expect(member(boardAt(done, i - 1)).health).toBeGreaterThanOrEqual(e.health);
    // At the end of the decision the board is the engine's.
    const end = cursorAfter(done, d + 1);
    expect(boardAt(done, end)).toEqual(boardOf(done.states[d + 1]!));
  });

  it('deciding as recorded follows the line; a different decision forks it; at the end it appends', () => {
    const k = 5;
    const c = cursorAfter(done, k);
    const same = decideAt(done, c, done.decisions[k]!);
    expect(same.ok && same.value.kind).toBe('same');
    expect(same.ok && same.value.session).toBe(done);
    expect(same.ok && same.value.cursor).toBe(cursorAfter(done, k + 1));
    // The same decision with its keys in another order is still the same.
    const shuffled = Object.fromEntries(Object.entries(done.decisions[k]!).reverse()) as Action;
    expect(sameAction(shuffled, done.decisions[k]!)).toBe(true);
    const state = done.states[k]!;
    const other = legalActions(state).find((a) => !sameAction(a, done.decisions[k]!))!;
    const fork = decideAt(done, c, other);
    expect(fork.ok).toBe(true);
    if (!fork.ok) return;
    expect(fork.value.kind).toBe('fork');
    expect(fork.value.dropped).toBe(done.decisions.length - k);
    expect(fork.value.session.decisions).toEqual([...done.decisions.slice(0, k), other]);
    expect(fork.value.cursor).toBe(lastEvent(fork.value.session));
    // The old session is untouched.
    expect(done.decisions.length).toBeGreaterThan(k + 1);
    const half = stepSession(startSession(setup, 42), legalActions(startSession(setup, 42).state)[0]!);
    if (!half.ok) throw new Error('step');
    const more = legalActions(half.value.state)[0]!;
    const appended = decideAt(half.value, lastEvent(half.value), more);
    expect(appended.ok && appended.value.kind).toBe('append');
  });

  it('refuses to decide in the middle of a decision, and names the way out', () => {
    const i = done.events.findIndex((_, j) => !isBoundary(done, j) && done.producedBy[j]! >= 0);
    const r = decideAt(done, i, done.decisions[done.producedBy[i]!]!);
    expect(r).toMatchObject({ ok: false, error: { code: 'play/mid-decision' } });
  });

  it('finds how much of a battle still fits after an edit', () => {
    expect(longestFit(setup, 42, done.decisions)).toEqual({ fit: done.decisions.length, problem: null });
    const other = longestFit(setup, 43, done.decisions);
    expect(other.fit).toBeLessThanOrEqual(done.decisions.length);
    const junk: Action[] = [...done.decisions.slice(0, 2), { type: 'hold', side: 'a', member: 'a:nobody' }];
    expect(longestFit(setup, 42, junk).fit).toBe(2);
    expect(longestFit(setup, 42, junk).problem).toBeTruthy();
  });
});
