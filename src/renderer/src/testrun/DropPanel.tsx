import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Action, BattleState, MemberKey } from '../../../shared/engine';
import { Check } from '../components/Check';
import { buildDrop } from './declare-model';
import type { DropChoices } from './declare-model';

/** Props of {@link DropPanel}. */
export interface DropPanelProps {
  state: BattleState;
  choices: DropChoices;
  onAction: (action: Action) => void;
}

const PHASE_TITLE: Record<DropChoices['phase'], string> = { first: 'start-of-combat', ranged: 'ranged', clash: 'Clash', interact: 'Interact', move: 'Move', haste: 'haste' };

/**
 * A phase start of a phased round (R12, seed 002: declared actions "may be … dropped"): one
 * checkbox per member with an order due now or held, and one button that goes on, dropping the
 * ticked orders and keeping the rest.
 */
export function DropPanel({ state, choices, onAction }: DropPanelProps) {
  const [dropped, setDropped] = useState<MemberKey[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <fieldset className="tr-declare">
      <legend>{`Start of the ${PHASE_TITLE[choices.phase]} phase`}</legend>
      <p>Tick the orders to drop; a member whose order is dropped stays ready to defend.</p>
      {choices.members.map((m) => (
        <Check
          key={m.key}
          label={`Drop ${m.name}'s order: ${m.orders}`}
          isSelected={dropped.includes(m.key)}
          onChange={(on) => setDropped(on ? [...dropped, m.key] : dropped.filter((k) => k !== m.key))}
        />
      ))}
      <div className="tr-declare-actions">
        <Button
          className="button-primary"
          onPress={() => {
            const r = buildDrop(state, choices, dropped);
            if (r.ok) onAction(r.value);
            else setProblem(r.error.message);
          }}
        >
          Confirm orders
        </Button>
      </div>
      {problem && <p role="alert">{problem}</p>}
    </fieldset>
  );
}
