/**
 * The "me" controls of a phased round (R12 `turnStructure: phased`, seed 002): per ready member
 * an order (clash with a target, move to an Area, interact with an objective, hold), a hold (a
 * later phase or a trigger: "If he moves, I'll shoot"), haste orders, and Clash orders joined
 * into one Clash with Swarms; at each phase start, which orders to drop. Options come from the
 * engine's `legalActions`; legality is always the engine's (`checkAction`).
 */
import { PHASE_NAMES, checkAction, currentDecision, legalActions, orderText } from '../../../shared/engine';
import type { Action, BattleState, HoldPhase, MemberKey, Order, OrderTrigger, PhaseName } from '../../../shared/engine';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';

export type { HoldPhase };

/** One way to hold an order: a later phase, or a trigger (optionally watching one enemy). */
export interface HoldChoice {
  /** Stable id: `phase:<name>` or `trigger:<trigger>` or `trigger:<trigger>@<member key>`. */
  id: string;
  label: string;
  holdUntil?: HoldPhase;
  trigger?: OrderTrigger;
  watch?: MemberKey;
}

/** One order a member may be given, with its label and the ways it may be held. */
export interface OrderOption {
  /** Stable id of the option within its member (for a select's value). */
  id: string;
  label: string;
  order: Order;
  holds: HoldChoice[];
}

/** A ready member of the declaring side and its possible orders (Hold first). */
export interface MemberOrders {
  key: MemberKey;
  name: string;
  /** Area name and id. */
  area: string;
  areaId: string;
  options: OrderOption[];
  /** Extra (haste) orders it may be given besides its first (R11 extraActions). */
  extra: number;
}

/** Everything a declaration offers. */
export interface DeclareChoices {
  side: string;
  members: MemberOrders[];
  /** Smallest Swarm (R6.1 `swarm.minSize`). */
  swarmMin: number;
}

/** Phase rank of each `holdUntil` name (as the engine's phase numbers). */
const PHASE_RANK: Record<HoldPhase, number> = { clash: 2, interact: 3, move: 4, haste: 5 };
const PHASE_LABEL: Record<HoldPhase, string> = { clash: 'Clash phase', interact: 'Interact phase', move: 'Move phase', haste: 'Haste phase' };
const TRIGGER_LABEL: Record<OrderTrigger, string> = {
  enemyEnters: 'Until an enemy enters its Area',
  enemyLeaves: 'Until an enemy leaves its Area',
  enemyClashes: 'Until an enemy clashes in its Area',
};

const optionId = (o: Order): string =>
  o.act === 'clash' ? `clash:${o.target}` : o.act === 'move' ? `move:${o.to}` : o.act === 'interact' ? `interact:${o.objective}` : 'hold';

/** The order without any hold (listed actions may carry one). */
const bare = (o: Order): Order => {
  const out: Order = { member: o.member, act: o.act };
  if (o.target !== undefined) out.target = o.target;
  if (o.to !== undefined) out.to = o.to;
  if (o.objective !== undefined) out.objective = o.objective;
  return out;
};

function holdChoices(o: Order, own: number, nameOf: (k: MemberKey) => string): HoldChoice[] {
  if (o.act === 'hold') return [];
  const out: HoldChoice[] = (Object.keys(PHASE_RANK) as HoldPhase[])
    .filter((p) => PHASE_RANK[p] > own)
    .map((p) => ({ id: `phase:${p}`, label: PHASE_LABEL[p], holdUntil: p }));
  for (const t of Object.keys(TRIGGER_LABEL) as OrderTrigger[]) out.push({ id: `trigger:${t}`, label: TRIGGER_LABEL[t], trigger: t });
  if (o.act === 'clash' && o.target !== undefined) {
    out.push({ id: `trigger:enemyLeaves@${o.target}`, label: `Until ${nameOf(o.target)} leaves its Area`, trigger: 'enemyLeaves', watch: o.target });
  }
  return out;
}

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
  const most = new Map<MemberKey, number>();
  for (const a of legalActions(state)) {
    if (a.type !== 'declare') continue;
    const count = new Map<MemberKey, number>();
    for (const o of a.orders) {
      const list = byMember.get(o.member) ?? new Map<string, Order>();
      if (!list.has(optionId(o))) list.set(optionId(o), bare(o));
      byMember.set(o.member, list);
      count.set(o.member, (count.get(o.member) ?? 0) + 1);
    }
    for (const [k, n] of count) most.set(k, Math.max(most.get(k) ?? 0, n));
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
        return { id, label: label(order), order, holds: holdChoices(order, own, nameOf) };
      });
    const areaId = state.setup.areas[state.area[entry.i]!]!.id;
    members.push({ key, name: entry.m.name, area: areaName.get(areaId) ?? areaId, areaId, options, extra: Math.max(0, (most.get(key) ?? 1) - 1) });
  }
  return { side: d.side, members, swarmMin: state.setup.ruleset.swarm.minSize };
}

/** One member's pick: the option id, how it is held, its haste orders, and whether it joins its Area's Clash. */
export interface OrderPick {
  option: string;
  /** A `HoldChoice.id`; absent or '' = its own phase. */
  hold?: string;
  /** Option ids of its extra (haste) orders; '' or absent = none. */
  haste?: string[];
  /** Its Clash order joins the one Clash of its Area's other joined members (R3.1). */
  together?: boolean;
}

/** The user's picks: per member, and the Swarms ticked (ids from {@link swarmOffers}). */
export interface DeclarePicks {
  orders: Record<MemberKey, OrderPick>;
  swarms?: string[];
}

/** A Swarm the picks allow: the joined members of one Area on one target, at least `swarm.minSize` of them (R6.1). */
export interface SwarmOffer {
  id: string;
  label: string;
  members: MemberKey[];
}

const optionOf = (m: MemberOrders, pick: OrderPick | undefined): OrderOption | undefined => m.options.find((o) => o.id === (pick?.option ?? 'hold')) ?? m.options[0];

/** The members of each Area whose Clash orders join one Clash. */
function groupsOf(choices: DeclareChoices, picks: DeclarePicks): Map<string, MemberOrders[]> {
  const groups = new Map<string, MemberOrders[]>();
  for (const m of choices.members) {
    const pick = picks.orders[m.key];
    if (pick?.together !== true || optionOf(m, pick)?.order.act !== 'clash') continue;
    groups.set(m.areaId, [...(groups.get(m.areaId) ?? []), m]);
  }
  return groups;
}

/** The Swarms the current picks allow, for the Swarm checkboxes. */
export function swarmOffers(state: BattleState, choices: DeclareChoices, picks: DeclarePicks): SwarmOffer[] {
  const nameOf = (k: MemberKey): string => state.setup.sides.flatMap((s) => s.members).find((m) => m.key === k)?.name ?? k;
  const out: SwarmOffer[] = [];
  for (const [area, members] of groupsOf(choices, picks)) {
    const byTarget = new Map<string, MemberKey[]>();
    for (const m of members) {
      const t = optionOf(m, picks.orders[m.key])!.order.target!;
      byTarget.set(t, [...(byTarget.get(t) ?? []), m.key]);
    }
    for (const [t, keys] of byTarget) if (keys.length >= choices.swarmMin) out.push({ id: `${area}|${t}`, label: `Declare a Swarm on ${nameOf(t)} (${keys.map(nameOf).join(', ')})`, members: keys });
  }
  return out;
}

/**
 * The declare action for the user's picks (members without a pick hold). `action/illegal`
 * carries the engine's reason when the orders are refused.
 */
export function buildDeclare(state: BattleState, choices: DeclareChoices, picks: DeclarePicks): Result<Action> {
  const orders: Order[] = [];
  for (const m of choices.members) {
    const pick = picks.orders[m.key];
    const option = optionOf(m, pick);
    if (option === undefined) continue;
    const order: Order = { ...option.order };
    const hold = option.holds.find((h) => h.id === pick?.hold);
    if (hold?.holdUntil !== undefined) order.holdUntil = hold.holdUntil;
    if (hold?.trigger !== undefined) order.trigger = hold.trigger;
    if (hold?.watch !== undefined) order.watch = hold.watch;
    orders.push(order);
    if (order.act === 'hold') continue;
    for (const id of (pick?.haste ?? []).slice(0, m.extra)) {
      const extra = m.options.find((o) => o.id === id && o.id !== 'hold');
      if (extra !== undefined) orders.push({ ...extra.order });
    }
  }
  if (orders.length === 0) return err('action/empty', 'No member of this side is ready to take an order.');
  const action: Extract<Action, { type: 'declare' }> = { type: 'declare', side: choices.side, orders };
  const groups = [...groupsOf(choices, picks).values()].filter((g) => g.length > 1).map((g) => g.map((m) => m.key));
  if (groups.length > 0) action.groups = groups;
  const ticked = new Set(picks.swarms ?? []);
  const swarms = swarmOffers(state, choices, picks).filter((o) => ticked.has(o.id)).map((o) => o.members);
  if (swarms.length > 0) action.swarms = swarms;
  const check = checkAction(state, action);
  return check.ok ? ok(action) : check;
}

/** What a drop decision at a phase start offers: each member with orders due now or held. */
export interface DropChoices {
  side: string;
  phase: PhaseName;
  members: { key: MemberKey; name: string; orders: string }[];
}

/** The drop choices in `state`, or null when the decision is not a phase-start drop (R12). */
export function dropChoices(state: BattleState): DropChoices | null {
  const d = currentDecision(state);
  const p = state.phased;
  if (d === null || d.kind !== 'drop' || p === undefined) return null;
  const names = new Map(state.setup.sides.flatMap((s) => s.members).map((m) => [m.key, m.name]));
  const members: DropChoices['members'] = [];
  for (const a of legalActions(state)) {
    if (a.type !== 'drop' || a.members.length !== 1) continue;
    const key = a.members[0]!;
    const orders = p.orders.filter((o, i) => o.member === key && p.status[i] === 0).map((o) => orderText(state.setup, o));
    members.push({ key, name: names.get(key) ?? key, orders: orders.join('; ') });
  }
  return { side: d.side, phase: PHASE_NAMES[p.phase] ?? 'clash', members };
}

/** The drop action dropping the orders of `dropped` (none = keep every order). */
export function buildDrop(state: BattleState, choices: DropChoices, dropped: readonly MemberKey[]): Result<Action> {
  const action: Action = { type: 'drop', side: choices.side, members: choices.members.map((m) => m.key).filter((k) => dropped.includes(k)) };
  const check = checkAction(state, action);
  return check.ok ? ok(action) : check;
}

/** Words for the decision a side must take now, for the status line. */
export const DECISION_LABEL: Record<'turn' | 'respond' | 'swarmLoss' | 'declare' | 'drop', string> = {
  turn: 'a turn',
  respond: 'respond to a Clash',
  swarmLoss: 'the Swarm loss',
  declare: 'declare orders',
  drop: 'keep or drop orders',
};
