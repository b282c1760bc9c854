import { Dices } from 'lucide-react';
import { useId, useState } from 'react';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { PLAYERS, optionsOf, parseSeed, seedFrom } from './setup-choice';
import type { Player, SetupChoice } from './setup-choice';
import { crewValue } from '../../../shared/model/crew-figures';
import { RulesetOptions } from './RulesetOptions';
import { SideMark } from './SideMark';

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
  const seedId = useId();
  const setCrew = (i: 0 | 1, id: string): void =>
    set({ crews: i === 0 ? [id, choice.crews[1]] : [choice.crews[0], id] });
  const setPlayer = (i: 0 | 1, p: Player): void =>
    set({ players: i === 0 ? [p, choice.players[1]] : [choice.players[0], p] });
  const seedShown = seedText ?? String(choice.seed);
  const seedBad = seedText !== null && parseSeed(seedText) === null;
  return (
    <fieldset className="tr-setup">
      <legend>Setup</legend>
      <div className="tr-setup-common">
        <label className="tr-field">
          <span className="tr-field-label">Scenario</span>
          <select aria-label="Scenario" value={choice.scenario} onChange={(e) => set({ scenario: e.target.value })}>
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
        <label className="tr-field">
          <span className="tr-field-label">Ruleset</span>
          <select aria-label="Ruleset" value={choice.ruleset} onChange={(e) => set({ ruleset: e.target.value })}>
            <RulesetOptions model={model} rulesets={rulesets} />
          </select>
        </label>
        <div className="tr-field">
          <label className="tr-field-label" htmlFor={seedId}>
            Seed
          </label>
          <span className="tr-seed">
            <input
              id={seedId}
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
            <button
              type="button"
              className="button-secondary"
              onClick={() => {
                setSeedText(null);
                set({ seed: seedFrom(Math.random()) });
              }}
            >
              <Dices size={14} aria-hidden="true" /> New seed
            </button>
          </span>
        </div>
      </div>
      {seedBad && (
        <span role="alert" className="tr-field-error">
          The seed must be a whole number from 0 to 4294967295.
        </span>
      )}
      <div className="tr-sides">
        {([0, 1] as const).map((i) => (
          <SideCard key={i} i={i} model={model} choice={choice} crews={crews} players={players} setCrew={setCrew} setPlayer={setPlayer} />
        ))}
      </div>
    </fieldset>
  );
}

/** Props of {@link SideCard}. */
interface SideCardProps {
  i: 0 | 1;
  model: WorkspaceModel | null;
  choice: SetupChoice;
  crews: { id: string; name: string }[];
  players: boolean;
  setCrew: (i: 0 | 1, id: string) => void;
  setPlayer: (i: 0 | 1, p: Player) => void;
}

/** One side of the setup as a card: its crew, its player and the crew's value (R1.2). */
function SideCard({ i, model, choice, crews, players, setCrew, setPlayer }: SideCardProps) {
  const scenario = model?.scenarios.get(choice.scenario);
  const side = scenario?.sides?.[i];
  const def = side?.crew ? (model?.crews.get(side.crew)?.name ?? side.crew) : 'none';
  const crewId = choice.crews[i] || side?.crew || '';
  const crew = model?.crews.get(crewId);
  const limit = scenario?.crewValueLimit ?? null;
  const value = crew ? crewValue(crew.members, model) : null;
  const over = value !== null && limit !== null && value > limit;
  return (
    <div className={`tr-side-card side-${i}`} role="group" aria-label={`Side ${SIDE_LABEL[i]}${side ? ` (${side.name})` : ''}`}>
      <div className="tr-side-head">
        <SideMark side={i} size={12} />
        <strong>{`Side ${SIDE_LABEL[i]}`}</strong>
        {side && <span className="tr-side-name">{side.name}</span>}
      </div>
      <label className="tr-field">
        <span className="tr-field-label">{`Crew of side ${SIDE_LABEL[i]}`}</span>
        <select aria-label={`Crew of side ${SIDE_LABEL[i]}`} value={choice.crews[i]} onChange={(e) => setCrew(i, e.target.value)}>
          <option value="">{`Scenario default (${def})`}</option>
          {crews.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {players && (
        <label className="tr-field">
          <span className="tr-field-label">{`Player of side ${SIDE_LABEL[i]}`}</span>
          <select aria-label={`Player of side ${SIDE_LABEL[i]}`} value={choice.players[i]} onChange={(e) => setPlayer(i, e.target.value as Player)}>
            {PLAYERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className={over ? 'tr-side-value over' : 'tr-side-value'}>
        {value === null ? 'Crew value: no crew' : `Crew value ${value}${limit !== null ? ` of ${limit}` : ''}${over ? ' (over the limit)' : ''}`}
      </p>
    </div>
  );
}
