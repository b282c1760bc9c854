import { useState } from 'react';
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
            <button
              type="button"
              className="button-secondary"
              aria-pressed={pick === 'defend'}
              disabled={!c.canDefend}
              onClick={() => choose(c.target, 'defend')}
              title={c.canDefend ? `Defend ${c.name}` : `${c.name} cannot defend (already activated)`}
            >
              Defend
            </button>{' '}
            <button
              type="button"
              className="button-secondary"
              aria-pressed={pick === 'absorb'}
              onClick={() => choose(c.target, 'absorb')}
              title={`Absorb with ${c.name}`}
            >
              Absorb
            </button>
            {c.interceptors.map((x) => (
              <button
                key={x.key}
                type="button"
                className="button-secondary"
                aria-pressed={typeof pick === 'object' && pick.interceptor === x.key}
                onClick={() => choose(c.target, { interceptor: x.key })}
                title={`${x.name} steps in and rolls for ${c.name} (R3.3)`}
              >
                {`Intercept with ${x.name}`}
              </button>
            ))}
          </fieldset>
        );
      })}
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
