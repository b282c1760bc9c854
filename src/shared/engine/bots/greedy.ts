/**
 * The `greedy` bot: one-step lookahead. Every legal action is scored with exact pair odds and
 * objective values; the best is played (ties broken by the seeded rng).
 */
import { ACT, ActionBuffer, argA, argB, decodeAction, enumerateActions, kindOf } from '../action-codes';
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { legalActions, listedActions } from '../legal';
import type { Action, BattleState } from '../types';
import type { Rng } from '../sim/seed';
import { turnCodeAt, turnCodeCount } from '../turn-draw';
import type { Policy } from './policy';
import { DecisionMemo, MAX_TIES } from './decision-memo';
import { OddsCache, damageValue } from './estimate';
import { scoreClash, scoreClashCode } from './greedy-clash';
import { decision, scored } from './greedy-pairs';
import { chooseLoss, scoreResponse, scoreResponseCode } from './greedy-respond';
import { scoreDeclare, scoreDrop, scoreInteract, scoreMove } from './greedy-turns';

/** Scores action code `code` (entry `i` of `buf`) for the side deciding in `s`, left in {@link scored}: {@link scoreAction} of its action. */
const scoreCode = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer, i: number): void => {
  switch (kindOf(code)) {
    case ACT.hold:
      scored[0] = 0;
      return;
    case ACT.move:
      return scoreMove(s, c, argA(code), argB(code));
    case ACT.interact:
      return scoreInteract(s, c, argA(code), argB(code));
    case ACT.clash:
    case ACT.clashPair:
    case ACT.clashAll:
      return scoreClashCode(s, c, odds, code, buf, i);
    case ACT.respond:
    case ACT.intercept:
      return scoreResponseCode(s, c, odds, code, buf);
    case ACT.swarmLoss:
      scored[0] = -damageValue(s, c, argA(code), 1);
      return;
    default:
      scored[0] = scoreAction(s, c, odds, buf.listed[argA(code)]!);
  }
};

/**
 * Scores one legal action for the side deciding in `s` (higher is better). Values are memoised per
 * decision: after changing `s` in place, start a new one with {@link rankActions} (or use a new state object).
 */
export const scoreAction = (s: BattleState, c: Compiled, odds: OddsCache, a: Action): number => {
  sameDecision(s);
  switch (a.type) {
    case 'clash':
      return scoreClash(s, c, odds, a);
    case 'respond':
      return scoreResponse(s, c, odds, a);
    case 'move':
      scoreMove(s, c, c.keyIndex.get(a.member)!, c.areaIndex.get(a.to)!);
      return scored[0]!;
    case 'interact':
      scoreInteract(s, c, c.keyIndex.get(a.member)!, c.objectiveIndex.get(a.objective)!);
      return scored[0]!;
    case 'hold':
      return 0;
    case 'swarmLoss':
      return -damageValue(s, c, c.keyIndex.get(a.member)!, 1);
    case 'declare':
      return scoreDeclare(s, c, odds, a);
    case 'drop':
      return scoreDrop(s, c, odds, a);
  }
};

/**
 * Starts a decision on `s` — possibly the same state object as the last decision, updated in
 * place by the runner: forgets the per-decision memos (Clash target values, order values).
 */
const newDecision = (s: BattleState, odds: OddsCache): void => {
  odds.fresh(s);
  decision.id++;
  decision.state = s;
};

/** Scoring another state object than the current decision's starts a new decision (its memos would not hold). */
const sameDecision = (s: BattleState): void => {
  if (decision.state === s) return;
  decision.id++;
  decision.state = s;
};

/** Legal actions sorted best first by {@link scoreAction}, with their scores. */
export const rankActions = (s: BattleState, odds: OddsCache): { action: Action; score: number }[] => {
  const c = compile(s.setup);
  newDecision(s, odds);
  return legalActions(s)
    .map((action) => ({ action, score: scoreAction(s, c, odds, action) }))
    .sort((x, y) => y.score - x.score);
};

/**
 * Greedy's turn decisions and responses by exact state, shared by the thread's greedy bots (a
 * decision is a pure function of the state: see {@link DecisionMemo}).
 */
export const greedyTurns = new DecisionMemo('turn');
export const greedyResponses = new DecisionMemo('respond', 1 << 14);

/** Forgets every kept decision (tests compare decisions scored afresh with kept ones). */
export const forgetGreedyDecisions = (): void => {
  greedyTurns.forget();
  greedyResponses.forget();
};

/**
 * Creates the greedy bot; it only ever returns an action from `legalActions`. It scores the
 * enumerated action codes and builds only the action it plays; ties (within 1e-9) are broken by
 * the seeded rng, in listing order. A turn or response state decided in before (see
 * {@link greedyTurns}) is not scored again: the codes tied for best then are drawn from alike — a
 * turn's built as the random bot builds its pick (the same index→code mapping as the full
 * enumeration), a response's read from the enumeration.
 */
export const greedyPolicy = (): Policy => {
  const odds = new OddsCache();
  const own = new ActionBuffer();
  let best = new Int32Array(64);
  /** Enumeration indices of the codes in `best` (what the decision memo keeps). */
  let bestAt = new Int32Array(64);
  const choose = (state: BattleState, rng: Rng, buf: ActionBuffer): number => {
    const c = compile(state.setup);
    const turn = state.phase === 'turn';
    const memo = turn ? greedyTurns : state.phase === 'respond' ? greedyResponses : null;
    const known = memo !== null && memo.find(state, c);
    if (known && turn) {
      // The random bot's count and draw (turn-draw.ts): the same index→code mapping as the enumeration.
      turnCodeCount(state, c, buf);
      return turnCodeAt(state, c, memo.ties === 1 ? memo.tie(0) : memo.tie(rng.int(memo.ties)), buf);
    }
    newDecision(state, odds);
    // Greedy reads each Swarm-variant code's Swarms as the enumeration found them (R6.1); the
    // buffer's flag is restored so that another bot sharing it does not pay for recording.
    const recording = buf.recordSwarms;
    buf.recordSwarms = true;
    const n = enumerateActions(state, c, buf, listedActions);
    buf.recordSwarms = recording;
    if (n === 0) throw new Error('greedy: no legal action in a battle that has not ended');
    // A response decided in before: enumerated (applying a response code reads the buffer's targets), not scored.
    if (known) return buf.codes[memo.ties === 1 ? memo.tie(0) : memo.tie(rng.int(memo.ties))]!;
    if (state.phase === 'swarmLoss') return chooseLoss(state, c, buf, n);
    if (best.length < n) {
      best = new Int32Array(2 * n);
      bestAt = new Int32Array(2 * n);
    }
    let count = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      const code = buf.codes[i]!;
      scoreCode(state, c, odds, code, buf, i);
      const score = scored[0]!;
      if (score > bestScore + 1e-9) {
        bestScore = score;
        best[0] = code;
        bestAt[0] = i;
        count = 1;
      } else if (Math.abs(score - bestScore) <= 1e-9) {
        bestAt[count] = i;
        best[count++] = code;
      }
    }
    if (memo !== null && count <= MAX_TIES) memo.keep(bestAt, count);
    return count === 1 ? best[0]! : best[rng.int(count)]!;
  };
  return {
    name: 'greedy',
    choose,
    decide(state: BattleState, rng: Rng): Action {
      return decodeAction(state, compile(state.setup), choose(state, rng, own), own);
    },
  };
};
