/**
 * One battle being played in the panel (issues 5 and 11, "Play"): the setup, the seed, every
 * decision so far, the state after each of them, and every event with the decision that produced
 * it — what the timeline moves through. Pure and immutable: each operation returns a new session
 * and never touches the old one.
 */
import { applyAction, createBattle, describeEvent } from '../../../shared/engine';
import type { Action, BattleEvent, BattleLog, BattleSetup, BattleState } from '../../../shared/engine';
import { createBattleLog, parseBattleLog as parseSharedLog, serializeBattleLog } from '../../../shared/engine/battle-log';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';

/**
 * A battle in progress; `producedBy[i]` is the index of the decision that produced `events[i]`
 * (−1: the opening); `states[k]` is the state after the first k decisions, `state` the last one.
 */
export interface PlaySession {
  setup: BattleSetup;
  seed: number;
  decisions: Action[];
  state: BattleState;
  states: BattleState[];
  events: BattleEvent[];
  producedBy: number[];
}

/** A fresh battle of `setup` with `seed` (R1.6: same seed, same dice). */
export function startSession(setup: BattleSetup, seed: number): PlaySession {
  const state = createBattle(setup, seed >>> 0);
  return {
    setup,
    seed: seed >>> 0,
    decisions: [],
    state,
    states: [state],
    events: [...state.openingEvents],
    producedBy: state.openingEvents.map(() => -1),
  };
}

/** Applies one decision; `action/illegal` (the engine's reason) leaves the session unchanged. */
export function stepSession(session: PlaySession, action: Action): Result<PlaySession> {
  if (session.state.phase === 'ended')
    return err('play/ended', 'The battle is over; restart it or rewind to an earlier event to play on.');
  const r = applyAction(session.state, action);
  if (!r.ok) return r;
  const d = session.decisions.length;
  return ok({
    ...session,
    decisions: [...session.decisions, action],
    state: r.value.state,
    states: [...session.states, r.value.state],
    events: [...session.events, ...r.value.events],
    producedBy: [...session.producedBy, ...r.value.events.map(() => d)],
  });
}

/** Replays `decisions` from a fresh battle; `replay/illegal` names the first decision that does not fit. */
export function sessionFromDecisions(
  setup: BattleSetup,
  seed: number,
  decisions: readonly Action[],
): Result<PlaySession> {
  let s = startSession(setup, seed);
  for (let i = 0; i < decisions.length; i++) {
    const next = stepSession(s, decisions[i]!);
    if (!next.ok)
      return err(
        'replay/illegal',
        `decision ${i + 1} of ${decisions.length} (${decisions[i]!.type}) does not fit this setup and seed: ${next.error.message}`,
      );
    s = next.value;
  }
  return ok(s);
}

/**
 * The session as it was after its first `keep` decisions (0..decisions.length): what a fork
 * continues from. No replay: states, events and decisions are cut at that point.
 */
export function truncateSession(session: PlaySession, keep: number): PlaySession {
  const k = Math.max(0, Math.min(session.decisions.length, Math.floor(keep)));
  if (k === session.decisions.length) return session;
  let e = 0;
  while (e < session.producedBy.length && session.producedBy[e]! < k) e++;
  return {
    ...session,
    decisions: session.decisions.slice(0, k),
    state: session.states[k]!,
    states: session.states.slice(0, k + 1),
    events: session.events.slice(0, e),
    producedBy: session.producedBy.slice(0, e),
  };
}

/** The same battle from its start, same seed and setup. */
export function restartSession(session: PlaySession): PlaySession {
  return startSession(session.setup, session.seed);
}

/** Readable log lines, one per event, in order. */
export function logLines(session: PlaySession): string[] {
  return session.events.map((e) => describeEvent(e, session.setup));
}

/**
 * The session as a self-contained battle log, exactly as `mortisphere play --log` writes it (the
 * shared `battle-log` module): it carries the setup, so it replays anywhere. `ai` names the bots
 * when bots played both sides.
 */
export function toBattleLog(session: PlaySession, ai?: readonly [string, string]): BattleLog {
  return createBattleLog(session.setup, session.seed, session.decisions, ai);
}

/** The text written by "Save log" (the shared serializer: keys in a fixed order, final newline). */
export const battleLogText = (log: BattleLog): string => serializeBattleLog(log);

/** Parses a battle log file (version 1 or 2); `log/malformed` names the bad field and the fix. */
export const parseBattleLog = (text: string): Result<BattleLog> => parseSharedLog(text);
