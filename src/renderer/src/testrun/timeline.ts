/**
 * The battle timeline (issue 11, item 2): a cursor on one event of the log, moved one event, one
 * round or to either end without losing anything; deciding at the cursor appends, follows the
 * recorded line, or forks it. Pure: functions of a {@link PlaySession} and a cursor.
 *
 * The cursor is an event index. It sits at a decision boundary when its event is the last one a
 * decision produced (or the last opening event); only there is a decision due.
 */
import type { Action } from '../../../shared/engine';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import { startSession, stepSession, truncateSession } from './play-session';
import type { PlaySession } from './play-session';

/** Index of the last event, or −1 for a log without events. */
export const lastEvent = (s: PlaySession): number => s.events.length - 1;

/** Clamps a cursor into the log. */
export const clampCursor = (s: PlaySession, c: number): number =>
  Math.max(Math.min(0, lastEvent(s)), Math.min(lastEvent(s), Number.isFinite(c) ? Math.floor(c) : lastEvent(s)));

/** True when no later event belongs to the decision that produced event `c` (a decision is due after it). */
export const isBoundary = (s: PlaySession, c: number): boolean =>
  c < 0 || c >= lastEvent(s) || s.producedBy[c + 1] !== s.producedBy[c];

/**
 * Decisions applied in the state shown at a boundary cursor: every decision before the one that
 * produced the next event (all of them after the last event), so decisions without events count.
 */
export const decisionsAt = (s: PlaySession, c: number): number =>
  c >= lastEvent(s) ? s.decisions.length : Math.max(0, s.producedBy[c + 1]!);

/** The cursor of the state after the first `k` decisions: the last event produced before decision k. */
export function cursorAfter(s: PlaySession, k: number): number {
  let c = -1;
  for (let i = 0; i < s.events.length && s.producedBy[i]! < k; i++) c = i;
  return Math.max(c, Math.min(0, lastEvent(s)));
}

/** Indices of the `roundStarted` events, ascending. */
export const roundStarts = (s: PlaySession): number[] =>
  s.events.flatMap((e, i) => (e.type === 'roundStarted' ? [i] : []));

/** The round the event at `c` belongs to (1 before the first `roundStarted`). */
export function roundAt(s: PlaySession, c: number): number {
  let round = 1;
  for (let i = 0; i <= c && i < s.events.length; i++) {
    const e = s.events[i]!;
    if (e.type === 'roundStarted') round = e.round;
  }
  return round;
}

/** A move of the cursor: one event, one round, or an end. */
export type CursorMove = 'prev' | 'next' | 'prevRound' | 'nextRound' | 'start' | 'end';

/**
 * The move of a key, or null. Each widget keeps its own convention: on the slider (`vertical`
 * false) ↑ and PageUp go forward, as they raise a slider's value; in the log (`vertical` true) ↓ and
 * PageDown go forward, down the list. ←/→ and Home/End mean the same in both.
 */
export function moveOfKey(key: string, vertical = false): CursorMove | null {
  switch (key) {
    case 'ArrowLeft':
      return 'prev';
    case 'ArrowRight':
      return 'next';
    case 'ArrowUp':
      return vertical ? 'prev' : 'next';
    case 'ArrowDown':
      return vertical ? 'next' : 'prev';
    case 'PageUp':
      return vertical ? 'prevRound' : 'nextRound';
    case 'PageDown':
      return vertical ? 'nextRound' : 'prevRound';
    case 'Home':
      return 'start';
    case 'End':
      return 'end';
    default:
      return null;
  }
}

/** The cursor after `move`; a round move lands on the start of the previous or next round. */
export function moveCursor(s: PlaySession, c: number, move: CursorMove): number {
  const last = lastEvent(s);
  switch (move) {
    case 'prev':
      return clampCursor(s, c - 1);
    case 'next':
      return clampCursor(s, c + 1);
    case 'start':
      return clampCursor(s, 0);
    case 'end':
      return last;
    case 'prevRound': {
      const before = roundStarts(s).filter((i) => i < c);
      return clampCursor(s, before.length > 0 ? before[before.length - 1]! : 0);
    }
    case 'nextRound': {
      const after = roundStarts(s).find((i) => i > c);
      return after ?? last;
    }
  }
}

/** The same decision, whatever the key order of its objects. */
export function sameAction(a: Action, b: Action): boolean {
  return canonical(a) === canonical(b);
}

const canonical = (x: unknown): string => {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(x);
};

/** What deciding at the cursor did. */
export interface Decided {
  /** `append`: at the end of the line; `same`: the recorded decision, followed; `fork`: a new line. */
  kind: 'append' | 'same' | 'fork';
  session: PlaySession;
  cursor: number;
  /** Later decisions of the old line that the new line does not have (fork only). */
  dropped: number;
}

/**
 * Takes `action` at the cursor: at the end of the line it is appended; where the line goes on,
 * the recorded decision is followed when it is the same, and the line forks when it differs (the
 * caller keeps the old line). `play/mid-decision` when the cursor is not at a decision boundary;
 * the engine's `action/illegal` when the action does not fit.
 */
export function decideAt(s: PlaySession, cursor: number, action: Action): Result<Decided> {
  const c = clampCursor(s, cursor);
  if (!isBoundary(s, c))
    return err(
      'play/mid-decision',
      `Event ${c + 1} is in the middle of a decision; move the cursor to the end of it (→) to decide there.`,
    );
  const k = decisionsAt(s, c);
  if (k < s.decisions.length && sameAction(action, s.decisions[k]!)) {
    return ok({ kind: 'same', session: s, cursor: cursorAfter(s, k + 1), dropped: 0 });
  }
  const base = truncateSession(s, k);
  const next = stepSession(base, action);
  if (!next.ok) return next;
  return ok({
    kind: k === s.decisions.length ? 'append' : 'fork',
    session: next.value,
    cursor: lastEvent(next.value),
    dropped: s.decisions.length - k,
  });
}

/**
 * The longest prefix of `decisions` that still fits `setup` and `seed` (after an edit): how many
 * fit, and why the next one does not (null when all fit).
 */
export function longestFit(
  setup: PlaySession['setup'],
  seed: number,
  decisions: readonly Action[],
): { fit: number; problem: string | null } {
  let s = startSession(setup, seed);
  for (let i = 0; i < decisions.length; i++) {
    const next = stepSession(s, decisions[i]!);
    if (!next.ok) return { fit: i, problem: next.error.message };
    s = next.value;
  }
  return { fit: decisions.length, problem: null };
}
