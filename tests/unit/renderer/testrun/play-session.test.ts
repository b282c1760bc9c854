import { describe, expect, it } from 'vitest';
import { legalActions, replayBattle } from '../../../../src/shared/engine';
import type { BattleSetup } from '../../../../src/shared/engine';
import { botDecision, simulatedBattle } from '../../../../src/renderer/src/testrun/bot-move';
import {
  battleLogText,
  logLines,
  parseBattleLog,
  restartSession,
  truncateSession,
  sessionFromDecisions,
  startSession,
  stepSession,
  toBattleLog,
} from '../../../../src/renderer/src/testrun/play-session';
import type { PlaySession } from '../../../../src/renderer/src/testrun/play-session';
import { prepareBattle } from '../../../../src/renderer/src/testrun/setup-choice';
import { exampleModel } from './example';

const exampleSetup = (): BattleSetup => {
  const { model, diagnostics } = exampleModel();
  const r = prepareBattle(model, diagnostics, {
    scenario: 'drowned-foundry',
    crews: ['', ''],
    ruleset: '',
    players: ['greedy', 'greedy'],
    seed: 1,
  });
  if (!r.ok) throw new Error(r.refusal.message);
  return r.setup;
};

const playOut = (s: PlaySession, bots: [string, string] = ['greedy', 'random']): PlaySession => {
  let cur = s;
  while (cur.state.phase !== 'ended') {
    const a = botDecision(cur.state, bots[cur.state.side]!, cur.seed, cur.decisions.length);
    if (!a.ok) throw new Error(a.error.message);
    const next = stepSession(cur, a.value);
    if (!next.ok) throw new Error(next.error.message);
    cur = next.value;
  }
  return cur;
};

describe('play session', () => {
  const setup = exampleSetup();

  it('plays a battle to its end and its events equal a replay of its decisions (R1.6)', () => {
    const done = playOut(startSession(setup, 42));
    expect(done.state.result).not.toBeNull();
    const replay = replayBattle(setup, 42, done.decisions);
    expect(replay.ok && replay.value.events).toEqual(done.events);
    expect(done.producedBy.length).toBe(done.events.length);
    expect(logLines(done).length).toBe(done.events.length);
    expect(logLines(done).at(-1)).toMatch(/The battle ends/);
  });

  it('bots are deterministic per seed: a restart with the same seed replays the same battle', () => {
    const a = playOut(startSession(setup, 7));
    const b = playOut(restartSession(a));
    expect(b.decisions).toEqual(a.decisions);
    expect(b.events).toEqual(a.events);
  });

  it('keeps the state after every decision, and cuts a session back without replaying', () => {
    const done = playOut(startSession(setup, 42));
    expect(done.states).toHaveLength(done.decisions.length + 1);
    const replay = sessionFromDecisions(setup, 42, done.decisions.slice(0, 4));
    const cut = truncateSession(done, 4);
    expect(replay.ok && replay.value.events).toEqual(cut.events);
    expect(cut.state).toEqual(replay.ok && replay.value.state);
    expect(cut.states).toHaveLength(5);
    expect(truncateSession(done, 0).decisions).toEqual([]);
    expect(truncateSession(done, 0).events).toEqual(done.state.openingEvents);
    // Continue with a different choice: the first legal action.
    expect(stepSession(cut, legalActions(cut.state)[0]!).ok).toBe(true);
  });

  it('refuses an illegal decision and leaves the session unchanged', () => {
    const s = startSession(setup, 3);
    const bad = stepSession(s, { type: 'hold', side: 'zz', member: 'nobody' });
    expect(bad.ok).toBe(false);
    expect(s.decisions).toEqual([]);
  });

  it('saves a log in the play format and loads it back into the same battle', () => {
    const done = playOut(startSession(setup, 99));
    const text = battleLogText(toBattleLog(done));
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'scenario',
      'crews',
      'ruleset',
      'seed',
      'decisions',
    ]);
    const log = parseBattleLog(text);
    expect(log.ok).toBe(true);
    if (!log.ok) return;
    expect(log.value.crews).toEqual(['iron-choir', 'rot-saints']);
    const again = sessionFromDecisions(setup, log.value.seed, log.value.decisions);
    expect(again.ok && again.value.events).toEqual(done.events);
  });

  it('rejects malformed logs naming the field, and logs that do not fit the setup', () => {
    expect(parseBattleLog('nope')).toMatchObject({ ok: false, error: { code: 'log/malformed' } });
    const r = parseBattleLog('{"scenario":"x","crews":["a"],"ruleset":"core","seed":1,"decisions":[]}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain("'crews'");
    const misfit = sessionFromDecisions(setup, 1, [{ type: 'hold', side: 'a', member: 'a:nobody' }]);
    expect(misfit).toMatchObject({ ok: false, error: { code: 'replay/illegal' } });
  });

  it('opens the exact battle a simulation played for a run', () => {
    const decisions = simulatedBattle(setup, ['random', 'random'], 5, 3, 12345);
    expect(decisions.ok).toBe(true);
    if (!decisions.ok) return;
    const s = sessionFromDecisions(setup, 12345, decisions.value);
    expect(s.ok && s.value.state.phase).toBe('ended');
  });
});
