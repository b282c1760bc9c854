import { useState } from 'react';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { PLAYERS, optionsOf, parseSeed, seedFrom } from './setup-choice';
import type { Player, SetupChoice } from './setup-choice';
import { RulesetOptions } from './RulesetOptions';

/** Props of {@link SetupForm}. */
export interface SetupFormProps {
  model: WorkspaceModel | null;
  choice: SetupChoice;
  onChange: (choice: SetupChoice) => void;
  /** Hide the player selects (Compare and Odds have their own). */
  players?: boolean;
}

const SIDE_LABEL = ['A', 'B'] as const;

/** Scenario, crews, ruleset, players and seed, every control with an accessible name. */
export function SetupForm({ model, choice, onChange, players = true }: SetupFormProps) {
  const { scenarios, crews, rulesets } = optionsOf(model);
  const [seedText, setSeedText] = useState<string | null>(null);
  const scenario = model?.scenarios.get(choice.scenario);
  const set = (patch: Partial<SetupChoice>): void => onChange({ ...choice, ...patch });
  const setCrew = (i: 0 | 1, id: string): void =>
    set({ crews: i === 0 ? [id, choice.crews[1]] : [choice.crews[0], id] });
  const setPlayer = (i: 0 | 1, p: Player): void =>
    set({ players: i === 0 ? [p, choice.players[1]] : [choice.players[0], p] });
  const seedShown = seedText ?? String(choice.seed);
  const seedBad = seedText !== null && parseSeed(seedText) === null;
  return (
    <fieldset className="tr-setup">
      <legend>Setup</legend>
      <label>
        Scenario
        <select
          aria-label="Scenario"
          value={choice.scenario}
          onChange={(e) => set({ scenario: e.target.value })}
        >
          {!scenario && (
            <option value={choice.scenario}>
              {choice.scenario === '' ? '(none)' : `${choice.scenario} (unavailable)`}
            </option>
          )}
          {scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {([0, 1] as const).map((i) => {
        const side = scenario?.sides?.[i];
        const def = side?.crew ? (model?.crews.get(side.crew)?.name ?? side.crew) : 'none';
        return (
          <span key={i} className="tr-side">
            <label>
              {`Crew of side ${SIDE_LABEL[i]}`}
              {side ? ` (${side.name})` : ''}
              <select
                aria-label={`Crew of side ${SIDE_LABEL[i]}`}
                value={choice.crews[i]}
                onChange={(e) => setCrew(i, e.target.value)}
              >
                <option value="">{`Scenario default (${def})`}</option>
                {crews.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            {players && (
              <label>
                {`Player of side ${SIDE_LABEL[i]}`}
                <select
                  aria-label={`Player of side ${SIDE_LABEL[i]}`}
                  value={choice.players[i]}
                  onChange={(e) => setPlayer(i, e.target.value as Player)}
                >
                  {PLAYERS.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </span>
        );
      })}
      <label>
        Ruleset
        <select
          aria-label="Ruleset"
          value={choice.ruleset}
          onChange={(e) => set({ ruleset: e.target.value })}
        >
          <RulesetOptions model={model} rulesets={rulesets} />
        </select>
      </label>
      <label>
        Seed
        <input
          aria-label="Seed"
          inputMode="numeric"
          value={seedShown}
          aria-invalid={seedBad}
          onChange={(e) => {
            setSeedText(e.target.value);
            const n = parseSeed(e.target.value);
            if (n !== null) set({ seed: n });
          }}
          onBlur={() => setSeedText(null)}
        />
      </label>
      <button
        type="button"
        onClick={() => {
          setSeedText(null);
          set({ seed: seedFrom(Math.random()) });
        }}
      >
        New seed
      </button>
      {seedBad && <span role="alert">The seed must be a whole number from 0 to 4294967295.</span>}
    </fieldset>
  );
}
