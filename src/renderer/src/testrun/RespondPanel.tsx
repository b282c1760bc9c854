import { useState } from 'react';
import { ToggleButton, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Action, BattleState, MemberKey } from '../../../shared/engine';
import type { PairOdds, Rational } from '../../../shared/engine/odds';
import { toFraction, toNumber } from '../../../shared/engine/odds';
import { buildResponse } from './decision-model';
import type { PairLine, ResponseChoice, ResponsePick } from './decision-model';

/** Props of {@link RespondPanel}. */
export interface RespondPanelProps {
  state: BattleState;
  choices: ResponseChoice[];
  onAction: (action: Action) => void;
}

const frac = (r: Rational): string => `${toFraction(r)} (${(toNumber(r) * 100).toFixed(1)}%)`;

/** Exact pair odds as text ("attacker wins 1/8 (12.5%), …"), or "odds unknown". */
export const oddsText = (o: PairOdds | null): string =>
  o === null
    ? 'odds unknown'
    : `attacker wins ${frac(o.attackerWins)}, defender wins ${frac(o.defenderWins)}, tie ${frac(o.tie)}`;

const lineText = (p: PairLine, target: string, how: string): string =>
  `${p.mode === 'swarm' ? 'Swarm ' : ''}${p.attackers} vs ${target} ${how}: ${oddsText(p.odds)}`;

const hasChoice = (c: ResponseChoice): boolean => c.canDefend || c.interceptors.length > 0;

/**
 * The response to a Clash (R3.2, R3.3): per target Defend, Absorb, or (with `clash.interception`)
 * "Intercept with <friend>", each with the exact odds of its pairs. Submits as soon as every target
 * that has a choice has one.
 */
export function RespondPanel({ state, choices, onAction }: RespondPanelProps) {
  const [picks, setPicks] = useState<Record<MemberKey, ResponsePick>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (target: MemberKey, r: ResponsePick): void => {
    const next = { ...picks, [target]: r };
    setPicks(next);
    if (choices.every((c) => !hasChoice(c) || next[c.target] !== undefined)) {
      const resp = buildResponse(state, next);
      if (resp.ok) onAction(resp.value);
      else {
        setProblem(resp.error.message);
        setPicks({});
      }
    }
  };
  const interception = choices.some((c) => c.interceptors.length > 0);
  return (
    <div className="tr-respond">
      <p>
        {interception
          ? 'Respond to the Clash: defend (roll), absorb (no roll) or intercept with a ready friend for each target.'
          : 'Respond to the Clash: defend (roll) or absorb (no roll) for each target.'}
      </p>
      {choices.map((c) => {
        const pick = picks[c.target];
        return (
          <fieldset key={c.target}>
            <legend>{c.name}</legend>
            <ul aria-label={`Odds against ${c.name}`}>
              {c.pairs.map((p, i) => (
                <li key={i}>{lineText(p, c.name, 'if defended')}</li>
              ))}
              {c.interceptors.flatMap((x) =>
                x.pairs.map((p, i) => (
                  <li key={`${x.key}:${i}`}>{lineText(p, x.name, `if ${x.name} intercepts for ${c.name}`)}</li>
                )),
              )}
            </ul>
            <Choice label="Defend" tip={`Defend ${c.name}`} isSelected={pick === 'defend'} isDisabled={!c.canDefend} onPress={() => choose(c.target, 'defend')} />{' '}
            <Choice label="Absorb" tip={`Absorb with ${c.name}`} isSelected={pick === 'absorb'} onPress={() => choose(c.target, 'absorb')} />
            {c.interceptors.map((x) => (
              <Choice
                key={x.key}
                label={`Intercept with ${x.name}`}
                tip={`${x.name} steps in and rolls for ${c.name} (R3.3)`}
                isSelected={typeof pick === 'object' && pick.interceptor === x.key}
                onPress={() => choose(c.target, { interceptor: x.key })}
              />
            ))}
            {!c.canDefend && <p className="tr-note">{`${c.name} cannot defend (already activated).`}</p>}
          </fieldset>
        );
      })}
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}

/** One response as a toggle button (its pressed state shows the pick), with a tooltip that says what it does. */
function Choice({ label, tip, isSelected, isDisabled, onPress }: { label: string; tip: string; isSelected: boolean; isDisabled?: boolean; onPress: () => void }) {
  return (
    <TooltipTrigger delay={400}>
      <ToggleButton className="button-secondary" isSelected={isSelected} isDisabled={isDisabled} onChange={onPress}>
        {label}
      </ToggleButton>
      <Tooltip className="tooltip" offset={6}>
        {tip}
      </Tooltip>
    </TooltipTrigger>
  );
}
