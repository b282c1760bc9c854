import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { legalActions } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { basisOf, changedSince, textHash } from '../../../../src/renderer/src/testrun/basis';
import { botDecision } from '../../../../src/renderer/src/testrun/bot-move';
import { createPlayController } from '../../../../src/renderer/src/testrun/play-controller';
import { stepSession } from '../../../../src/renderer/src/testrun/play-session';
import { prepareBattle } from '../../../../src/renderer/src/testrun/setup-choice';
import type { SetupChoice } from '../../../../src/renderer/src/testrun/setup-choice';
import { initialKept, KEPT_VERSION, keptText, readKept } from '../../../../src/renderer/src/testrun/testrun-state';
import { createTestRunStore, WRITE_DELAY_MS } from '../../../../src/renderer/src/testrun/testrun-store';
import type { StorageLike } from '../../../../src/renderer/src/testrun/testrun-store';
import { cursorAfter, lastEvent } from '../../../../src/renderer/src/testrun/timeline';
import { exampleDocuments, exampleModel } from './example';

const mapStorage = (): StorageLike & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
};

const choice: SetupChoice = { scenario: 'drowned-foundry', crews: ['', ''], ruleset: '', players: ['greedy', 'greedy'], seed: 42 };

describe('what a kept result was computed from (issue 11, item 1)', () => {
  it('hashes every file the battle reads and names the ones edited since', () => {
    const { model } = exampleModel();
    const docs = exampleDocuments();
    const basis = basisOf(model, docs, [choice]);
    expect(Object.keys(basis)).toContain('scenarios/drowned-foundry.yaml');
    expect(Object.keys(basis)).toContain('crews/iron-choir.yaml');
    expect(Object.keys(basis)).not.toContain('scenarios/glass-temple.yaml');
    expect(changedSince(basis, docs)).toEqual([]);
    const edited = { ...docs, 'crews/iron-choir.yaml': `${docs['crews/iron-choir.yaml']}# note\n`, 'scenarios/glass-temple.yaml': 'x' };
    expect(changedSince(basis, edited)).toEqual(['crews/iron-choir.yaml']);
    const { 'crews/iron-choir.yaml': _gone, ...deleted } = docs;
    expect(changedSince(basis, deleted)).toEqual(['crews/iron-choir.yaml']);
    expect(textHash('a')).not.toBe(textHash('b'));
    expect(textHash('')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('the kept Test run state', () => {
  it('round-trips through its stored text, and a running job is stored as interrupted', () => {
    const kept = { ...initialKept(), tab: 'simulate' as const, choice };
    const text = keptText({ kept, live: { simulate: { running: true, progress: null, partial: null, step: 0 }, compare: { running: false, progress: null, partial: null, step: 0 }, playBusy: false, fork: null, messages: {} } });
    const back = readKept(text);
    expect(back.problem).toBeNull();
    expect(back.kept.tab).toBe('simulate');
    expect(back.kept.choice).toEqual(choice);
    expect(back.kept.simulateInterrupted).toBe(true);
  });

  it('never throws on bad stored text: falls back part by part and says what was lost', () => {
    expect(readKept(null)).toEqual({ kept: initialKept(), problem: null });
    expect(readKept('{not json').problem).toContain('unreadable');
    expect(readKept(JSON.stringify({ version: KEPT_VERSION + 1, kept: {} })).problem).toContain('another version');
    const partly = readKept(JSON.stringify({ version: KEPT_VERSION, kept: { tab: 'odds', play: { line: { seed: 'x' } }, odds: { a: 'd4', lostA: 7 } } }));
    expect(partly.kept.tab).toBe('odds');
    expect(partly.kept.play).toBeNull();
    expect(partly.kept.odds.a).toBe('d4');
    expect(partly.kept.odds.lostA).toBe('0');
    expect(partly.problem).toContain('the battle');
  });
});

describe('the Test run store (issue 11, item 1: survives the panel and a reload)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes shortly after a change and restores it in a new store on the same storage', () => {
    const storage = mapStorage();
    const a = createTestRunStore('/ws', storage);
    a.setKept((k) => ({ ...k, tab: 'compare', choice }));
    expect(storage.map.size).toBe(0);
    vi.advanceTimersByTime(WRITE_DELAY_MS + 1);
    expect(storage.map.size).toBe(1);
    const b = createTestRunStore('/ws', storage);
    expect(b.getState().kept.tab).toBe('compare');
    expect(b.getState().kept.choice).toEqual(choice);
    // Another workspace has its own state.
    expect(createTestRunStore('/other', storage).getState().kept.tab).toBe('play');
  });

  it('keeps a battle and its timeline cursor across a reload; a fork keeps the old line', () => {
    const storage = mapStorage();
    const store = createTestRunStore('/ws', storage);
    store.setKept((k) => ({ ...k, choice }));
    const play = createPlayController(store, () => ['greedy', 'greedy']);
    const { model, diagnostics } = exampleModel();
    const p = prepareBattle(model, diagnostics, choice);
    if (!p.ok) throw new Error(p.refusal.message);
    const basis = basisOf(model, exampleDocuments(), [choice]);
    // Open a battle of 8 greedy decisions (as a replay would), at its start.
    const moves: Action[] = [];
    const s = play.session({ setup: p.setup, seed: 42, decisions: [], cursor: 0, choice, basis, origin: null });
    if (!s.ok) throw new Error('session');
    let cur = s.value;
    for (let i = 0; i < 8; i++) {
      const a = botDecision(cur.state, 'greedy', 42, i);
      if (!a.ok) throw new Error(a.error.message);
      moves.push(a.value);
      const n = stepSession(cur, a.value);
      if (!n.ok) throw new Error(n.error.message);
      cur = n.value;
    }
    expect(play.open({ setup: p.setup, seed: 42, decisions: moves, choice, basis, origin: null, at: 'start' }, null).ok).toBe(true);
    const line = store.getState().kept.play!.line;
    expect(line.cursor).toBe(cursorAfter(cur, 0));
    play.setCursor(lastEvent(cur) - 3);
    store.flush();
    const again = createTestRunStore('/ws', storage);
    const kept = again.getState().kept.play!;
    expect(kept.line.decisions).toEqual(moves);
    expect(kept.line.cursor).toBe(lastEvent(cur) - 3);
    // Re-opened from storage, the battle replays to the same events.
    const replay = createPlayController(again, () => ['greedy', 'greedy']).session(kept.line);
    expect(replay.ok && replay.value.events).toEqual(cur.events);
  });

  it('a different decision in the past forks the battle, keeps the old line and can switch back', () => {
    const store = createTestRunStore('/ws', mapStorage());
    store.setKept((k) => ({ ...k, choice }));
    const play = createPlayController(store, () => ['greedy', 'greedy']);
    const { model, diagnostics } = exampleModel();
    const p = prepareBattle(model, diagnostics, choice);
    if (!p.ok) throw new Error(p.refusal.message);
    const basis = basisOf(model, exampleDocuments(), [choice]);
    let cur = play.session({ setup: p.setup, seed: 42, decisions: [], cursor: 0, choice, basis, origin: null });
    const moves: Action[] = [];
    for (let i = 0; i < 6 && cur.ok; i++) {
      const a = botDecision(cur.value.state, 'greedy', 42, i);
      if (!a.ok) throw new Error(a.error.message);
      moves.push(a.value);
      cur = stepSession(cur.value, a.value);
    }
    if (!cur.ok) throw new Error('play');
    play.open({ setup: p.setup, seed: 42, decisions: moves, choice, basis, origin: null, at: 'start' }, null);
    // Following the recorded decision at the cursor moves on without forking.
    play.act(moves[0]!);
    expect(store.getState().kept.play!.line.decisions).toEqual(moves);
    expect(store.getState().kept.play!.branches).toEqual([]);
    // A different one forks: the new line has 2 decisions, the old one is kept.
    play.setCursor(cursorAfter(cur.value, 1));
    const state = cur.value.states[1]!;
    const other = legalActions(state).find((a) => JSON.stringify(a) !== JSON.stringify(moves[1]))!;
    play.act(other);
    const after = store.getState();
    expect(after.kept.play!.line.decisions).toEqual([moves[0], other]);
    expect(after.kept.play!.branches).toHaveLength(1);
    expect(after.kept.play!.branches[0]!.line.decisions).toEqual(moves);
    expect(after.live.fork).toMatchObject({ dropped: 5 });
    play.switchTo(after.live.fork!.branchId);
    expect(store.getState().kept.play!.line.decisions).toEqual(moves);
    expect(store.getState().kept.play!.branches[0]!.line.decisions).toEqual([moves[0], other]);
  });
});
