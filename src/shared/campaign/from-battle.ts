/**
 * Turns a battle the engine played (its final state and events) into a campaign battle record:
 * result and points, the aftermath rolled from the battle's own PRNG (R10.1), who took each
 * incapacitated member down (from the events), and who fled.
 */
import { rollAftermath } from '../engine/aftermath';
import type { BattleEvent } from '../engine/events';
import type { BattleSetup, BattleState, MemberKey } from '../engine/types';
import { FLAG } from '../engine/types';
import type { CampaignBattle } from '../model/types';
import { memberRef } from './refs';

/** `crew/member` of a member key (`a:warden-7`) of a setup, or null. */
export function refOfKey(setup: BattleSetup, key: MemberKey): string | null {
  for (const side of setup.sides) {
    const m = side.members.find((x) => x.key === key);
    if (m) return memberRef(side.crewId, m.id);
  }
  return null;
}

/**
 * Who incapacitated whom, read from the events: the last enemy that damaged a member or beat it in
 * a pair before its `incapacitated` event (a Last Stand loss has no damage event, so pairs count).
 * Returns victim key → enemy key.
 */
export function takenDownBy(setup: BattleSetup, events: readonly BattleEvent[]): Map<MemberKey, MemberKey> {
  const sideOf = new Map<MemberKey, number>();
  setup.sides.forEach((s, i) => s.members.forEach((m) => sideOf.set(m.key, i)));
  const lastHit = new Map<MemberKey, MemberKey>();
  const hit = (victim: MemberKey | null, by: MemberKey | null | undefined): void => {
    if (victim === null || by === null || by === undefined || sideOf.get(victim) === sideOf.get(by)) return;
    lastHit.set(victim, by);
  };
  const out = new Map<MemberKey, MemberKey>();
  for (const e of events) {
    if (e.type === 'damage') hit(e.member, e.from);
    else if (e.type === 'pairResolved') {
      const loser = e.defender ?? e.target;
      if (e.outcome === 'attacker' || e.outcome === 'both') hit(loser, e.attackers[0]);
      if ((e.outcome === 'defender' || e.outcome === 'both') && e.defender !== null) for (const a of e.attackers) hit(a, e.defender);
    } else if (e.type === 'incapacitated') {
      const by = lastHit.get(e.member);
      if (by !== undefined) out.set(e.member, by);
    }
  }
  return out;
}

/** What the caller adds to an engine battle to make a record. */
export interface RecordDetails {
  date: string;
  text?: string;
  /** The bots that played each side from the seed (only when bots played the whole battle). */
  ai?: [string, string];
}

/**
 * The campaign record of a finished engine battle: scenario, date, seed, sides, winner, points,
 * ruleset, aftermath (rolled from the battle's PRNG, with `by`), fled members, bots and text.
 * `events` are every event of the battle (opening events included).
 */
export function recordFromBattle(state: BattleState, events: readonly BattleEvent[], details: RecordDetails): CampaignBattle {
  const setup = state.setup;
  const result = state.result;
  const sides: Record<string, string> = {};
  const points: Record<string, number> = {};
  setup.sides.forEach((s, i) => {
    sides[s.id] = s.crewId;
    points[s.id] = result?.points[s.id] ?? state.points[i]!;
  });
  const by = takenDownBy(setup, events);
  const aftermath = rollAftermath(state).map((a) => {
    const taker = by.get(a.key);
    const ref = taker === undefined ? null : refOfKey(setup, taker);
    return ref === null ? { member: a.member, roll: a.roll, outcome: a.outcome } : { member: a.member, roll: a.roll, outcome: a.outcome, by: ref };
  });
  const fled: string[] = [];
  let index = 0;
  for (const side of setup.sides) {
    for (const m of side.members) {
      if ((state.flags[index++]! & FLAG.fled) !== 0) fled.push(memberRef(side.crewId, m.id));
    }
  }
  const battle: CampaignBattle = {
    scenario: setup.scenarioId,
    date: details.date,
    seed: state.seed,
    sides,
    winner: result?.winner ?? null,
    points,
    ruleset: setup.rulesetId,
  };
  if (aftermath.length > 0) battle.aftermath = aftermath;
  if (fled.length > 0) battle.fled = fled;
  if (details.ai) battle.ai = { [setup.sides[0].id]: details.ai[0], [setup.sides[1].id]: details.ai[1] };
  if (details.text) battle.text = details.text;
  return battle;
}
