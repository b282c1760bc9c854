/**
 * Which Clash the board's Clash panel shows, and whether it is animated (issue 17, item 5). When
 * the timeline cursor moves forward (a decision taken, a step, a key press, the bots' moves), each
 * Clash that rolled dice on the way is animated in turn — the user's own Clash first, then the
 * bot's answer — at most {@link MAX_QUEUED} of them; otherwise the panel shows the latest Clash of
 * the round at the cursor. Nothing is animated when the user prefers reduced motion. The animation
 * never holds the cursor: the board shows the state at the cursor at once, and moving the cursor
 * back, or anywhere but forward, ends it. Skip ends it at once.
 */
import { useState } from 'react';
import type { BattleEvent } from '../../../shared/engine';
import { clashAt, clashesSince, clashRange } from './clash-view';
import type { ClashView } from './clash-view';
import type { PlaySession } from './play-session';

/** Most Clashes waiting to be animated after one move of the cursor (a long jump shows the last ones). */
export const MAX_QUEUED = 3;

/** What the Clash panel shows. */
export interface ClashAnimation {
  /** The Clash to show: the one being animated, else the latest of the round at the cursor. */
  clash: ClashView | null;
  animating: boolean;
  /** Changes for each new animation (restarts the CSS animations). */
  key: string | null;
  /** Clashes still to be animated after this one. */
  waiting: number;
  /** The animation of the shown Clash ended: the next one starts. */
  next: () => void;
  /** Ends every animation at once (Skip). */
  stop: () => void;
}

interface Track {
  events: readonly BattleEvent[] | null;
  cursor: number;
  /** Starts of the Clashes to animate, the first one now. */
  queue: number[];
  /** Counts animations started, for `key`. */
  count: number;
}

const NONE: readonly BattleEvent[] = [];

/**
 * The Clashes waiting to be animated after the cursor moved from `from` (with `queue` waiting) to
 * `to`: a forward move adds the Clashes it resolved (at most {@link MAX_QUEUED}, the one animating
 * now kept first); any other move, or reduced motion, empties the queue. Pure.
 */
export function advanceQueue(session: PlaySession, queue: readonly number[], from: number, to: number, reduced: boolean): number[] {
  if (reduced || to <= from) return [];
  const next = [...queue, ...clashesSince(session, from, to).filter((c) => !queue.includes(c))];
  if (next.length <= MAX_QUEUED) return next;
  return queue.length > 0 ? [next[0]!, ...next.slice(1 - MAX_QUEUED)] : next.slice(-MAX_QUEUED);
}

/** The Clash panel's Clash in `session` with the cursor on `cursor`. */
export function useClashAnimation(session: PlaySession | null, cursor: number, reduced: boolean): ClashAnimation {
  const events = session?.events ?? NONE;
  const [track, setTrack] = useState<Track>({ events, cursor, queue: [], count: 0 });
  let current = track;
  if (track.events !== events || track.cursor !== cursor) {
    // Derived while rendering, so a new Clash's first frame is already its animation's first.
    const queue = session ? advanceQueue(session, track.queue, track.cursor, cursor, reduced) : [];
    const count = queue[0] !== undefined && queue[0] !== track.queue[0] ? track.count + 1 : track.count;
    current = { events, cursor, queue, count };
    setTrack(current);
  }
  const head = !reduced && session ? current.queue[0] : undefined;
  let clash: ClashView | null = null;
  if (session && head !== undefined) {
    const r = clashRange(session, head);
    clash = r ? clashAt(session, Math.min(r.end, cursor)) : null;
  }
  const animating = clash !== null;
  if (!animating && session) clash = clashAt(session, cursor);
  return {
    clash,
    animating,
    key: animating ? `${head}:${current.count}` : null,
    waiting: animating ? current.queue.length - 1 : 0,
    next: () => setTrack((t) => (t.queue.length === 0 ? t : { ...t, queue: t.queue.slice(1), count: t.count + 1 })),
    stop: () => setTrack((t) => (t.queue.length === 0 ? t : { ...t, queue: [] })),
  };
}
