import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Action, BattleState, MemberKey } from '../../../shared/engine';
import { Check } from '../components/Check';
import { Picker } from '../components/Picker';
import { buildDeclare, swarmOffers } from './declare-model';
import type { DeclareChoices, DeclarePicks, MemberOrders, OrderPick } from './declare-model';

/** Props of {@link DeclarePanel}. */
export interface DeclarePanelProps {
  state: BattleState;
  choices: DeclareChoices;
  onAction: (action: Action) => void;
}

/** The controls of one member: its order, how it is held, its haste orders, joining its Area's Clash. */
function MemberRow({ m, pick, set }: { m: MemberOrders; pick: OrderPick; set: (p: OrderPick) => void }) {
  const option = m.options.find((o) => o.id === pick.option) ?? m.options[0];
  const holds = option?.holds ?? [];
  const acting = m.options.filter((o) => o.id !== 'hold');
  return (
    <div className="tr-order">
      <Picker label={`Order of ${m.name}`} items={m.options} value={pick.option} onChange={(id) => set({ ...pick, option: id, hold: '', together: false })} />
      <Picker
        label={`Hold ${m.name}'s order until`}
        items={[{ id: '', label: 'its own phase' }, ...holds]}
        value={pick.hold ?? ''}
        isDisabled={holds.length === 0}
        onChange={(id) => set({ ...pick, hold: id })}
      />
      {option?.order.act !== 'hold' &&
        Array.from({ length: m.extra }, (_, i) => (
          <Picker
            key={i}
            label={`Haste order ${i + 1} of ${m.name}`}
            items={[{ id: '', label: 'none' }, ...acting]}
            value={pick.haste?.[i] ?? ''}
            onChange={(id) => {
              const haste = [...(pick.haste ?? [])];
              haste[i] = id;
              set({ ...pick, haste });
            }}
          />
        ))}
      {option?.order.act === 'clash' && (
        <Check label={`${m.name} joins one Clash with the others ticked in ${m.area}`} isSelected={pick.together === true} onChange={(on) => set({ ...pick, together: on })} />
      )}
      <span className="tr-muted">{` (in ${m.area})`}</span>
    </div>
  );
}

/**
 * The orders of a phased round (R12, seed 002): per ready member an order (Hold, Clash with an
 * enemy, Move to an Area, Work on an objective), how it is held (a later phase, or until an enemy
 * enters, leaves or clashes: "If he moves, I'll shoot"), its haste orders, and Clash orders
 * joined into one Clash with Swarms; one button declares them all. The engine's refusal, if any,
 * is shown as an alert.
 */
export function DeclarePanel({ state, choices, onAction }: DeclarePanelProps) {
  const [picks, setPicks] = useState<DeclarePicks>({ orders: {}, swarms: [] });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: MemberKey, pick: OrderPick): void => setPicks({ ...picks, orders: { ...picks.orders, [key]: pick } });
  const offers = swarmOffers(state, choices, picks);
  return (
    <fieldset className="tr-declare">
      <legend>Declare orders</legend>
      <p>Orders are secret until both sides have declared; they resolve phase by phase, and at each phase start a side may drop orders (R12).</p>
      {choices.members.map((m) => (
        <MemberRow key={m.key} m={m} pick={picks.orders[m.key] ?? { option: 'hold' }} set={(p) => set(m.key, p)} />
      ))}
      {offers.map((o) => (
        <Check
          key={o.id}
          label={o.label}
          isSelected={(picks.swarms ?? []).includes(o.id)}
          onChange={(on) => setPicks({ ...picks, swarms: on ? [...(picks.swarms ?? []), o.id] : (picks.swarms ?? []).filter((x) => x !== o.id) })}
        />
      ))}
      <div className="tr-declare-actions">
        <Button
          className="button-primary"
          onPress={() => {
            const r = buildDeclare(state, choices, picks);
            if (r.ok) onAction(r.value);
            else setProblem(r.error.message);
          }}
        >
          Declare orders
        </Button>
      </div>
      {problem && <p role="alert">{problem}</p>}
    </fieldset>
  );
}
