import { useState } from 'react';
import type { Action, BattleState, MemberKey } from '../../../shared/engine';
import { buildDeclare } from './declare-model';
import type { DeclareChoices, HoldPhase, OrderPick } from './declare-model';

/** Props of {@link DeclarePanel}. */
export interface DeclarePanelProps {
  state: BattleState;
  choices: DeclareChoices;
  onAction: (action: Action) => void;
}

const PHASE_LABEL: Record<HoldPhase, string> = {
  clash: 'Clash phase',
  interact: 'Interact phase',
  move: 'Move phase',
  haste: 'Haste phase',
};

/**
 * The secret orders of a phased round (R12): per ready member an order select (Hold, Clash with
 * an enemy, Move to an Area, Work on an objective) and an optional "hold until" phase; one button
 * declares them all. The engine's refusal, if any, is shown as an alert.
 */
export function DeclarePanel({ state, choices, onAction }: DeclarePanelProps) {
  const [picks, setPicks] = useState<Record<MemberKey, OrderPick>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: MemberKey, pick: OrderPick): void => setPicks({ ...picks, [key]: pick });
  return (
    <fieldset className="tr-declare">
      <legend>Declare orders</legend>
      <p>Orders are secret until both sides have declared; they resolve by phase (R12).</p>
      {choices.members.map((m) => {
        const pick = picks[m.key] ?? { option: 'hold' };
        const option = m.options.find((o) => o.id === pick.option) ?? m.options[0];
        const phases = option?.holdPhases ?? [];
        return (
          <div key={m.key} className="tr-order">
            <label>
              {`Order of ${m.name}`}{' '}
              <select
                aria-label={`Order of ${m.name}`}
                value={pick.option}
                onChange={(e) => set(m.key, { option: e.target.value })}
              >
                {m.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>{' '}
            <label>
              {`Hold ${m.name}'s order until`}{' '}
              <select
                aria-label={`Hold ${m.name}'s order until`}
                value={pick.holdUntil ?? ''}
                disabled={phases.length === 0}
                onChange={(e) =>
                  set(m.key, {
                    option: pick.option,
                    ...(e.target.value === '' ? {} : { holdUntil: e.target.value as HoldPhase }),
                  })
                }
              >
                <option value="">its own phase</option>
                {phases.map((p) => (
                  <option key={p} value={p}>
                    {PHASE_LABEL[p]}
                  </option>
                ))}
              </select>
            </label>
            <span className="tr-muted">{` (in ${m.area})`}</span>
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => {
          const r = buildDeclare(state, choices, picks);
          if (r.ok) onAction(r.value);
          else setProblem(r.error.message);
        }}
      >
        Declare orders
      </button>
      {problem && <p role="alert">{problem}</p>}
    </fieldset>
  );
}
