/**
 * Human-readable lines for battle events, for the test-run panel, the CLI and logs.
 */
import type { BattleEvent, PhaseName } from './events';
import type { BattleSetup, Order, OrderTrigger } from './types';

function nameOf(setup: BattleSetup, key: string | null): string {
  if (key === null) return 'nobody';
  for (const side of setup.sides) for (const m of side.members) if (m.key === key) return m.name;
  return key;
}

function sideName(setup: BattleSetup, id: string): string {
  return setup.sides.find((s) => s.id === id)?.name ?? id;
}

function areaName(setup: BattleSetup, id: string): string {
  return setup.areas.find((a) => a.id === id)?.name ?? id;
}

function objectiveName(setup: BattleSetup, id: string): string {
  return setup.objectives.find((o) => o.id === id)?.name ?? id;
}

function pointsText(setup: BattleSetup, points: Record<string, number>): string {
  return setup.sides.map((s) => `${s.name} ${points[s.id] ?? 0}`).join(', ');
}

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

const PHASE_TITLE: Record<PhaseName, string> = { first: 'Start-of-combat', ranged: 'Ranged', clash: 'Clash', interact: 'Interact', move: 'Move', haste: 'Haste' };
const TRIGGER_TEXT: Record<OrderTrigger, string> = { enemyEnters: 'enters its Area', enemyLeaves: 'leaves its Area', enemyClashes: 'clashes in its Area' };
const TRIGGER_WAIT: Record<OrderTrigger, string> = { enemyEnters: 'enters', enemyLeaves: 'leaves', enemyClashes: 'clashes' };

/** One order as text: "attacks Brute (held until Brute leaves)". */
export function orderText(setup: BattleSetup, o: Order): string {
  const what = o.act === 'clash' ? `attacks ${nameOf(setup, o.target ?? null)}` : o.act === 'move' ? `moves to ${areaName(setup, o.to ?? '')}` : o.act === 'interact' ? `works on ${objectiveName(setup, o.objective ?? '')}` : 'holds';
  if (o.holdUntil !== undefined) return `${what} (held until the ${o.holdUntil} phase)`;
  if (o.trigger !== undefined) return `${what} (held until ${o.watch === undefined ? 'an enemy' : nameOf(setup, o.watch)} ${TRIGGER_WAIT[o.trigger]}${o.trigger === 'enemyClashes' ? ' in its Area' : ''})`;
  return what;
}

/** One readable line for an event, using the names of the setup (never throws). */
export function describeEvent(event: BattleEvent, setup: BattleSetup): string {
  const n = (key: string | null): string => nameOf(setup, key);
  switch (event.type) {
    case 'roundStarted':
      return `Round ${event.round} begins.`;
    case 'initiative': {
      const values = setup.sides.map((s) => `${s.name} ${event.values[s.id] ?? 0}`).join(' vs ');
      const how = event.how === 'lowerValue' ? `lower crew value (${values})` : event.how === 'alternate' ? `equal crew values (${values}), alternating` : `roll-off after equal crew values (${values}): ${(event.rolloff ?? []).map(([a, b]) => `${a}–${b}`).join(', ')}`;
      return `${sideName(setup, event.side)} has Initiative: ${how}.`;
    }
    case 'startOfCombat':
      return event.members.length === 0 ? 'Start of combat: nobody acts first.' : `Start of combat: ${event.members.map(n).join(', ')} act first.`;
    case 'regenerated':
      return `${n(event.member)} regenerates ${event.amount} (Health ${event.health}).`;
    case 'clashDeclared': {
      const attacks = event.attacks.map((a) => `${n(a.attacker)} → ${n(a.target)}`).join('; ');
      const swarms = event.swarms.map((s) => ` Swarm: ${s.map(n).join(', ')}.`).join('');
      return `${sideName(setup, event.side)} declares a Clash: ${attacks}.${swarms}`;
    }
    case 'responses': {
      // An intercepted target neither defends nor absorbs: its interceptor steps in (R3.3).
      const parts = Object.entries(event.responses)
        .filter(([k]) => event.interceptors[k] === undefined)
        .map(([k, r]) => `${n(k)} ${r === 'defend' ? 'defends' : 'absorbs'}`);
      for (const [t, i] of Object.entries(event.interceptors)) parts.push(`${n(i)} intercepts for ${n(t)}`);
      return `${sideName(setup, event.side)} responds: ${parts.join(', ')}.`;
    }
    case 'dieRolled': {
      const capped = Math.min(event.raw, event.cap);
      const cap = event.raw > event.cap ? 'capped' : '';
      const mod = event.modifiers !== 0 ? ` ${signed(event.modifiers)}` : '';
      const what = event.purpose === 'clash' ? 'rolls' : event.purpose === 'reroll' ? 'rerolls' : `rolls for ${event.purpose}`;
      const tail = mod !== '' ? ` → ${capped}${mod} = ${event.final}` : cap !== '' ? ` → ${event.final}` : '';
      return `${n(event.member)} (${event.die}, max ${event.cap}) ${what} ${event.raw}${tail}${event.kept ? '' : ' (discarded)'}.`;
    }
    case 'groupRolled':
      return `${event.mode === 'swarm' ? 'Swarm' : 'Attackers'} ${event.members.map(n).join(', ')} keep ${event.best}${event.bonus ? ` ${signed(event.bonus)}` : ''} = ${event.final}.`;
    case 'pairResolved': {
      const who = event.attackers.map(n).join(' + ');
      const vs = event.defender === null ? `${n(event.target)} absorbs` : `${n(event.defender)} ${event.defenderResult}`;
      const outcome = {
        attacker: `${who} wins`,
        defender: `${n(event.defender)} wins`,
        standoff: 'standoff, nothing happens',
        both: 'tie, both are damaged',
        miss: 'below the absorb threshold, nothing happens',
        skipped: 'skipped (a member is already out)',
      }[event.outcome];
      return event.outcome === 'skipped' ? `${who} vs ${n(event.target)}: ${outcome}.` : `${who} ${event.attackerResult} vs ${vs}: ${outcome}.`;
    }
    case 'damage':
      return `${n(event.member)} takes ${event.amount} damage${event.armor > 0 ? ` (armor ${event.armor})` : ''}${event.from === null ? '' : ` from ${n(event.from)}`}; Health ${event.health}.`;
    case 'lastStand':
      return `${n(event.member)} falls to 0 Health and makes a Last Stand.`;
    case 'lastStandLoss':
      return `${n(event.member)} loses a pair in Last Stand (${event.losses} of ${event.limit}).`;
    case 'incapacitated':
      return `${n(event.member)} is incapacitated.`;
    case 'swarmLoss':
      return `${n(event.member)} takes the Swarm's loss (${event.how === 'chosen' ? 'chosen' : event.how === 'highestRoll' ? 'highest roll' : 'at random'}).`;
    case 'moved':
      return `${n(event.member)} moves from ${areaName(setup, event.from)} to ${areaName(setup, event.to)}.`;
    case 'retreatFailed':
      return `${n(event.member)} fails to retreat (${event.roll}, needs ${event.target}) and stays.`;
    case 'held':
      return `${n(event.member)} holds.`;
    case 'interacted':
      return event.success ? `${n(event.member)} works on ${objectiveName(setup, event.objective)} (${event.progress}/${event.required}).` : `${n(event.member)} fails to work on ${objectiveName(setup, event.objective)} under pressure (${event.progress}/${event.required}).`;
    case 'progressReset':
      return `${sideName(setup, event.side)} loses its progress on ${objectiveName(setup, event.objective)}: ${n(event.member)} was hurt.`;
    case 'scored':
      return `${sideName(setup, event.side)} scores ${event.points} for ${event.objective === null ? 'an incapacitated enemy' : objectiveName(setup, event.objective)} (total ${event.total}).`;
    case 'morale':
      return `${sideName(setup, event.side)} checks morale: ${n(event.roller)} rolls ${event.roll} (needs ${event.target}) — ${event.fled ? 'the crew flees' : 'they hold'}.`;
    case 'fled':
      return `${n(event.member)} flees the battle.`;
    case 'ordersDeclared':
      return `${sideName(setup, event.side)} declares ${event.count} order${event.count === 1 ? '' : 's'} in secret.`;
    case 'ordersRevealed': {
      const together = [...(event.groups ?? []).map((g) => ` Together: ${g.map(n).join(' + ')}.`), ...(event.swarms ?? []).map((g) => ` Swarm: ${g.map(n).join(', ')}.`)].join('');
      return `Orders revealed: ${event.orders.map((o) => `${n(o.member)} ${orderText(setup, o)}`).join('; ') || 'none'}.${together}`;
    }
    case 'orderDropped':
      return `${n(event.member)} drops its ${event.act} order: ${event.reason}.`;
    case 'defaultHold':
      return `${n(event.member)} was given no order, so it holds (every ready member declares, R12).`;
    case 'phaseStarted':
      return `— ${PHASE_TITLE[event.phase]} phase —`;
    case 'orderTriggered':
      return `${event.members.map(n).join(' + ')}: held ${event.act} order fires — ${n(event.by)} ${TRIGGER_TEXT[event.trigger]}.`;
    case 'fallenActs':
      return `${n(event.member)} was taken out earlier in this phase but still carries out its order (seed 002).`;
    case 'roundEnded':
      return `Round ${event.round} ends. ${pointsText(setup, event.points)}.`;
    case 'battleEnded': {
      const why = { rounds: 'after the last round', elimination: 'a crew has no one left standing', allObjectivesDone: 'every objective is done', points: 'a side reached the target points' }[event.reason];
      return `The battle ends (${why}) after round ${event.rounds}: ${event.winner === null ? 'a draw' : `${sideName(setup, event.winner)} wins`}. ${pointsText(setup, event.points)}.`;
    }
  }
}
