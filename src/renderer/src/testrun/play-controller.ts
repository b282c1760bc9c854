/**
 * Play, owned by the panel's store (issue 11, items 1 and 2): starts battles, runs the bots (in a
 * Web Worker) while the panel may be hidden, moves the timeline cursor, decides at the cursor —
 * following the recorded line, appending, or forking with the old line kept as a branch — and
 * re-runs a battle on edited documents. Every change goes through the store.
 */
import { currentDecision } from '../../../shared/engine';
import type { Action, BattleSetup } from '../../../shared/engine';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import type { Basis } from './basis';
import { createBotClient } from './bot-client';
import type { BotClient } from './bot-client';
import { sessionFromDecisions, startSession, stepSession } from './play-session';
import type { PlaySession } from './play-session';
import type { Player } from './setup-choice';
import type { SetupChoice } from './setup-choice';
import type { Branch, Line } from './testrun-state';
import type { TestRunStore } from './testrun-store';
import { clampCursor, cursorAfter, decideAt, decisionsAt, isBoundary, lastEvent } from './timeline';

/** What a new battle starts from. */
export interface NewLine {
  setup: BattleSetup;
  seed: number;
  decisions: Action[];
  choice: SetupChoice;
  basis: Basis;
  origin: string | null;
  /**
   * Where the cursor starts: the start of the battle (replays), its end (bots then play on to a
   * "me" decision, as after Start), or an event index (kept as is, nothing runs).
   */
  at: 'start' | 'end' | number;
}

/** The Play pane's actions. */
export interface PlayController {
  /** The session of a line (replayed once, then extended step by step). */
  session(line: Line): Result<PlaySession>;
  /** Replaces the battle; the old one, if any, is kept as a branch when `keepOld` names it. */
  open(next: NewLine, message: string | null, keepOld?: string): Result<null>;
  setCursor(cursor: number): void;
  /** One decision: follows the recorded line when there is one, else asks the bot to decide. */
  step(): void;
  /** To the end of the recorded line, then bots play on to a "me" decision or the end. */
  runToEnd(): void;
  /** The user's decision at the cursor. */
  act(action: Action): void;
  /** The same battle from its start (same setup, seed): the old line is kept as a branch. */
  restart(): void;
  /** Makes a kept branch the current line; the current line becomes a branch. */
  switchTo(branchId: string): void;
  forget(branchId: string): void;
  /** Stops the bots (e.g. before replacing the battle). */
  stop(): void;
}

let branchCounter = 0;
const newBranchId = (): string => `branch-${++branchCounter}-${Math.floor(Math.random() * 1e9).toString(36)}`;

/** The controller of `store`'s Play pane; `players` gives who plays each side now. */
export function createPlayController(store: TestRunStore, players: () => [Player, Player]): PlayController {
  let bots: BotClient | null = null;
  let generation = 0;
  const cache = new WeakMap<Action[], { setup: BattleSetup; seed: number; session: PlaySession }>();
  const session = (line: Line): Result<PlaySession> => {
    const hit = cache.get(line.decisions);
    if (hit && hit.setup === line.setup && hit.seed === line.seed) return ok(hit.session);
    let s: Result<PlaySession>;
    try {
      s = line.decisions.length === 0 ? ok(startSession(line.setup, line.seed)) : sessionFromDecisions(line.setup, line.seed, line.decisions);
    } catch (e) {
      s = err('play/broken', `The kept battle could not be replayed (${(e as Error).message}); start a new battle.`);
    }
    if (s.ok) cache.set(line.decisions, { setup: line.setup, seed: line.seed, session: s.value });
    return s;
  };
  const remember = (line: Line, s: PlaySession): void => {
    cache.set(line.decisions, { setup: line.setup, seed: line.seed, session: s });
  };
  const current = (): Line | null => store.getState().kept.play?.line ?? null;
  const setLine = (line: Line): void =>
    store.setKept((k) => (k.play ? { ...k, play: { ...k.play, line } } : { ...k, play: { line, branches: [] } }));
  const busy = (b: boolean): void => store.setLive((l) => (l.playBusy === b ? l : { ...l, playBusy: b }));
  const say = (m: string | null): void => store.say('play', m);
  const keep = (label: string, line: Line): string => {
    const id = newBranchId();
    store.setKept((k) => (k.play ? { ...k, play: { ...k.play, branches: [...k.play.branches, { id, label, line }] } } : k));
    return id;
  };
  const isMe = (s: PlaySession): boolean => s.state.phase !== 'ended' && players()[s.state.side] === 'me';
  const autoLimit = (): number => (players().includes('me') ? Infinity : 0);

  /** Bot decisions at the end of the line until a "me" decision, the end, or `limit`. */
  const runBots = async (limit: number): Promise<void> => {
    const gen = ++generation;
    busy(true);
    try {
      for (let n = 0; n < limit; n++) {
        const line = current();
        if (line === null) return;
        const s = session(line);
        if (!s.ok) return;
        const cur = s.value;
        if (cur.state.phase === 'ended' || currentDecision(cur.state) === null || isMe(cur)) return;
        const bot = players()[cur.state.side]!;
        bots ??= createBotClient();
        const a = await bots.decide(cur.state, bot, cur.seed, cur.decisions.length);
        if (gen !== generation) return;
        if (!a.ok) {
          say(a.error.message);
          return;
        }
        const now = current();
        if (now === null || now.decisions !== line.decisions) return;
        const next = stepSession(cur, a.value);
        if (!next.ok) {
          say(`The ${bot} bot chose an illegal action: ${next.error.message}`);
          return;
        }
        const followed = now.cursor >= lastEvent(cur);
        const moved: Line = { ...now, decisions: next.value.decisions, cursor: followed ? lastEvent(next.value) : now.cursor };
        remember(moved, next.value);
        setLine(moved);
      }
    } finally {
      if (gen === generation) busy(false);
    }
  };

  const stop = (): void => {
    generation++;
    busy(false);
  };

  const open = (next: NewLine, message: string | null, keepOld?: string): Result<null> => {
    const line: Line = { setup: next.setup, seed: next.seed >>> 0, decisions: next.decisions, cursor: 0, choice: next.choice, basis: next.basis, origin: next.origin };
    const s = session(line);
    if (!s.ok) return s;
    stop();
    const old = current();
    if (old && keepOld && old.decisions.length > 0) keep(keepOld, old);
    const cursor = next.at === 'start' ? cursorAfter(s.value, 0) : next.at === 'end' ? lastEvent(s.value) : clampCursor(s.value, next.at);
    setLine({ ...line, cursor });
    store.setLive((l) => ({ ...l, fork: null }));
    say(message);
    if (next.at === 'end') void runBots(autoLimit());
    return ok(null);
  };

  return {
    session,
    open,
    stop,
    setCursor: (cursor) => {
      const line = current();
      if (!line) return;
      const s = session(line);
      if (!s.ok) return;
      const c = clampCursor(s.value, cursor);
      if (c === line.cursor) return;
      // What the last action said is stale once the user moves on.
      say(null);
      setLine({ ...line, cursor: c });
    },
    step: () => {
      const line = current();
      if (!line) return;
      const s = session(line);
      if (!s.ok) return;
      say(null);
      const c = clampCursor(s.value, line.cursor);
      if (!isBoundary(s.value, c)) {
        setLine({ ...line, cursor: cursorAfter(s.value, s.value.producedBy[c]! + 1) });
        return;
      }
      const k = decisionsAt(s.value, c);
      if (k < line.decisions.length) {
        setLine({ ...line, cursor: cursorAfter(s.value, k + 1) });
        return;
      }
      void runBots(1);
    },
    runToEnd: () => {
      const line = current();
      if (!line) return;
      const s = session(line);
      if (!s.ok) return;
      say(null);
      setLine({ ...line, cursor: lastEvent(s.value) });
      void runBots(Infinity);
    },
    act: (action) => {
      const line = current();
      if (!line) return;
      const s = session(line);
      if (!s.ok) return;
      const d = decideAt(s.value, line.cursor, action);
      if (!d.ok) {
        say(d.error.message);
        return;
      }
      say(null);
      const next: Line = { ...line, decisions: d.value.session.decisions, cursor: d.value.cursor };
      remember(next, d.value.session);
      if (d.value.kind === 'fork') {
        stop();
        const event = line.cursor + 1;
        const branchId = keep(`Line before the fork after event ${event}`, line);
        store.setLive((l) => ({ ...l, fork: { branchId, event, dropped: d.value.dropped } }));
      } else store.setLive((l) => (l.fork === null ? l : { ...l, fork: null }));
      setLine(next);
      if (d.value.kind !== 'same') void runBots(autoLimit());
    },
    restart: () => {
      const line = current();
      if (!line) return;
      open({ ...line, decisions: [], at: 'end' }, null, line.decisions.length > 0 ? 'Line before the restart' : undefined);
    },
    switchTo: (branchId) => {
      const play = store.getState().kept.play;
      const target = play?.branches.find((b) => b.id === branchId);
      if (!play || !target) return;
      stop();
      const swapped: Branch = { id: newBranchId(), label: `Line you left for “${target.label}”`, line: play.line };
      store.setKept((k) => ({ ...k, play: { line: target.line, branches: [...play.branches.filter((b) => b.id !== branchId), swapped] } }));
      store.setLive((l) => ({ ...l, fork: null }));
      say(`Switched to “${target.label}”; the line you left is kept as a branch.`);
    },
    forget: (branchId) => {
      store.setKept((k) => (k.play ? { ...k, play: { ...k.play, branches: k.play.branches.filter((b) => b.id !== branchId) } } : k));
      store.setLive((l) => (l.fork?.branchId === branchId ? { ...l, fork: null } : l));
    },
  };
}
