import { Dices } from 'lucide-react';
import { Button } from 'react-aria-components';
import { useId, useState } from 'react';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { PLAYERS, optionsOf, parseSeed, seedFrom } from './setup-choice';
import type { Player, SetupChoice } from './setup-choice';
import { crewValue } from '../../../shared/model/crew-figures';
import { Picker } from '../components/Picker';
import type { PickerItem } from '../components/Picker';
import { NONE_ID, TextInput, fromPickerId, rulesetItems, toPickerId } from './fields';
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
  const seedErrorId = useId();
  const scenarioItems: PickerItem[] = [
    ...(scenario ? [] : [{ id: toPickerId(choice.scenario), label: choice.scenario === '' ? '(none)' : `${choice.scenario} (unavailable)` }]),
    ...scenarios.map((s) => ({ id: s.id, label: s.name })),
  ];
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
        <Picker
          className="tr-field"
          label="Scenario"
          items={scenarioItems}
          value={toPickerId(choice.scenario)}
          onChange={(id) => set({ scenario: fromPickerId(id) })}
        />
        <Picker className="tr-field" label="Ruleset" items={rulesetItems(model, rulesets)} value={toPickerId(choice.ruleset)} onChange={(id) => set({ ruleset: fromPickerId(id) })} />
        <TextInput
          className="tr-field"
          label="Seed"
          inputMode="numeric"
          value={seedShown}
          isInvalid={seedBad}
          describedBy={seedBad ? seedErrorId : undefined}
          onChange={(v) => {
            setSeedText(v);
            const n = parseSeed(v);
            if (n !== null) set({ seed: n });
          }}
          onBlur={() => setSeedText(null)}
          after={
            <Button
              className="button-secondary"
              onPress={() => {
                setSeedText(null);
                set({ seed: seedFrom(Math.random()) });
              }}
            >
              <Dices size={14} aria-hidden="true" /> New seed
            </Button>
          }
        />
      </div>
      {seedBad && (
        <span role="alert" id={seedErrorId} className="tr-field-error">
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
      <Picker
        className="tr-field"
        label={`Crew of side ${SIDE_LABEL[i]}`}
        items={[{ id: NONE_ID, label: `Scenario default (${def})` }, ...crews.map((c) => ({ id: c.id, label: c.name }))]}
        value={toPickerId(choice.crews[i])}
        onChange={(id) => setCrew(i, fromPickerId(id))}
      />
      {players && (
        <Picker
          className="tr-field"
          label={`Player of side ${SIDE_LABEL[i]}`}
          items={PLAYERS.map((p) => ({ id: p, label: p }))}
          value={choice.players[i]}
          onChange={(id) => setPlayer(i, id as Player)}
        />
      )}
      <p className={over ? 'tr-side-value over' : 'tr-side-value'}>
        {value === null ? 'Crew value: no crew' : `Crew value ${value}${limit !== null ? ` of ${limit}` : ''}${over ? ' (over the limit)' : ''}`}
      </p>
    </div>
  );
}
