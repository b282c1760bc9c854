/**
 * Which side an event belongs to (issue 17, item 4: side colours in the log too): the side of the
 * member it is about, or the side it names; null for events of the whole battle. Pure.
 */
import type { BattleEvent, BattleSetup } from '../../../shared/engine';

/** The index of the side `event` belongs to, or null (round starts and ends, phases, the end). */
export function eventSide(event: BattleEvent, setup: BattleSetup): 0 | 1 | null {
  const bySide = (id: string): 0 | 1 | null => {
    const i = setup.sides.findIndex((s) => s.id === id);
    return i === 0 || i === 1 ? i : null;
  };
  const byMember = (key: string | null | undefined): 0 | 1 | null => {
    if (!key) return null;
    const i = setup.sides.findIndex((s) => s.members.some((m) => m.key === key));
    return i === 0 || i === 1 ? i : null;
  };
  switch (event.type) {
    case 'initiative':
    case 'clashDeclared':
    case 'responses':
    case 'progressReset':
    case 'scored':
    case 'morale':
    case 'ordersDeclared':
      return bySide(event.side);
    case 'pairResolved':
    case 'groupRolled':
      return byMember(event.type === 'pairResolved' ? event.attackers[0] : event.members[0]);
    case 'orderTriggered':
      return byMember(event.members[0]);
    case 'regenerated':
    case 'dieRolled':
    case 'damage':
    case 'lastStand':
    case 'lastStandLoss':
    case 'incapacitated':
    case 'swarmLoss':
    case 'moved':
    case 'retreatFailed':
    case 'held':
    case 'interacted':
    case 'fled':
    case 'orderDropped':
    case 'defaultHold':
    case 'fallenActs':
      return byMember(event.member);
    default:
      return null;
  }
}
