/**
 * The "me" controls of a phased round (R12 `turnStructure: phased`): one order per ready member
 * (clash with a target, move with a destination, interact with an objective, hold), optionally
 * held to a later phase. Options come from the engine's `legalActions`; legality is always the
 * engine's (`checkAction`).
 */
import { checkAction, currentDecision, legalActions } from '../../../shared/engine';
import type { Action, BattleState, MemberKey, Order } from '../../../shared/engine';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';

/** A phase an order may be held to (R12), in resolution order. */
export type HoldPhase = NonNullable<Order['holdUntil']>;

/** One order a member may be given, with its label and the later phases it may be held to. */
export interface OrderOption {
  /** Stable id of the option within its member (for a select's value). */
  id: string;
  label: string;
  order: Order;
  holdPhases: HoldPhase[];
}

/** A ready member of the declaring side and its possible orders (Hold first). */
export interface MemberOrders {
  key: MemberKey;
  name: string;
  area: string;
  options: OrderOption[];
}

/** Everything a declaration offers. */
export interface DeclareChoices {
  side: string;
  members: MemberOrders[];
}

/** Phase rank of each `holdUntil` name (as the engine's phase numbers). */
const PHASE_RANK: Record<HoldPhase, number> = { clash: 2, interact: 3, move: 4, haste: 5 };

const optionId = (o: Order): string =>
  o.act === 'clash' ? `clash:${o.target}` : o.act === 'move' ? `move:${o.to}` : o.act === 'interact' ? `interact:${o.objective}` : 'hold';

/** The declaration choices in `state`, or null when the decision is not a declaration. */
export function declareChoices(state: BattleState): DeclareChoices | null {
  const d = currentDecision(state);
  if (d === null || d.kind !== 'declare') return null;
  const all = state.setup.sides.flatMap((s) => s.members);
  const member = new Map(all.map((m, i) => [m.key, { m, i }]));
  const areaName = new Map(state.setup.areas.map((a) => [a.id, a.name]));
  const objName = new Map(state.setup.objectives.map((o) => [o.id, o.name]));
  const nameOf = (k: MemberKey): string => member.get(k)?.m.name ?? k;
  const byMember = new Map<MemberKey, Map<string, Order>>();
  for (const a of legalActions(state)) {
    if (a.type !== 'declare') continue;
    for (const o of a.orders) {
      const list = byMember.get(o.member) ?? new Map<string, Order>();
      list.set(optionId(o), o);
      byMember.set(o.member, list);
    }
  }
  const label = (o: Order): string =>
    o.act === 'clash'
      ? `Clash with ${nameOf(o.target ?? '')}`
      : o.act === 'move'
        ? `Move to ${areaName.get(o.to ?? '') ?? o.to}`
        : o.act === 'interact'
          ? `Work on ${objName.get(o.objective ?? '') ?? o.objective}`
          : 'Hold';
  const members: MemberOrders[] = [];
  for (const [key, orders] of byMember) {
    const entry = member.get(key);
    if (entry === undefined) continue;
    const options = [...orders.entries()]
      .sort(([a], [b]) => (a === 'hold' ? -1 : b === 'hold' ? 1 : 0))
      .map(([id, order]) => {
        const own = order.act === 'clash' ? (entry.m.ranged ? 1 : 2) : order.act === 'interact' ? 3 : 4;
        const holdPhases =
          order.act === 'hold'
            ? []
            : (Object.keys(PHASE_RANK) as HoldPhase[]).filter((p) => PHASE_RANK[p] > own);
        return { id, label: label(order), order, holdPhases };
      });
    members.push({
      key,
      name: entry.m.name,
      area: areaName.get(state.setup.areas[state.area[entry.i]!]!.id) ?? '',
      options,
    });
  }
  return { side: d.side, members };
}

/** One member's pick: the option id, and a later phase to hold it to (or none). */
export interface OrderPick {
  option: string;
  holdUntil?: HoldPhase;
}

/**
 * The declare action for the user's picks (members without a pick hold). `action/illegal`
 * carries the engine's reason when the orders are refused.
 */
export function buildDeclare(
  state: BattleState,
  choices: DeclareChoices,
  picks: Record<MemberKey, OrderPick>,
): Result<Action> {
  const orders: Order[] = [];
  for (const m of choices.members) {
    const pick = picks[m.key];
    const option = m.options.find((o) => o.id === (pick?.option ?? 'hold')) ?? m.options[0];
    if (option === undefined) continue;
    const order: Order = { ...option.order };
    if (pick?.holdUntil !== undefined && order.act !== 'hold') order.holdUntil = pick.holdUntil;
    orders.push(order);
  }
  if (orders.length === 0) return err('action/empty', 'No member of this side is ready to take an order.');
  const action: Action = { type: 'declare', side: choices.side, orders };
  const check = checkAction(state, action);
  return check.ok ? ok(action) : check;
}
