/**
 * The effects editor: a list of effects offering only the closed vocabulary of RULES.md R11,
 * each with its value control and its `when` conditions as fields.
 */
import { Button } from 'react-aria-components';
import { useState } from 'react';
import type { DocPath, EditValue } from '../../../shared/doc-edit';
import { BUILTIN_TYPES, DICE, EFFECT_KEYS } from '../../../shared/model/types';
import type { EffectKey } from '../../../shared/model/types';
import { asArray, asRecord, asString, getIn } from './data';
import { Picker } from '../components/Picker';
import { CheckboxField, idValue, NumberField, SelectField, selectItems, TextField, valueId } from './fields';
import type { Choice } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons } from './list-fields';
import { Messages } from './Messages';

type ValueKind = 'number' | 'die' | 'flag' | Choice[];

/** What value each effect key takes (R11). */
export const EFFECT_VALUES: Readonly<Record<EffectKey, ValueKind>> = {
  rollModifier: 'number',
  damage: 'number',
  armor: 'number',
  reroll: [{ value: 'once' }],
  keepHighest: 'die',
  dieOverride: 'die',
  blast: 'flag',
  extraActions: 'number',
  firstStrike: 'flag',
  regenerate: 'number',
  progressBonus: 'number',
  swarm: [{ value: 'never' }, { value: 'always' }],
  initiative: 'number',
};

/** One-line meaning of each effect, shown as its hint. */
export const EFFECT_HELP: Readonly<Record<EffectKey, string>> = {
  rollModifier: 'adds N to the final result (after the cap; result ≥ 1)',
  damage: 'damage dealt on a win',
  armor: 'damage taken reduced by N',
  reroll: 'may reroll its own die once per pair, keeping the new roll',
  keepHighest: 'also rolls this die and keeps the higher',
  dieOverride: 'rolls this die instead',
  blast: 'as attacker, pairs against every enemy in the Area',
  extraActions: 'may act N more times per round',
  firstStrike: 'its damage lands first',
  regenerate: 'heals N at the start of each round',
  progressBonus: 'extra objective progress per Interact',
  swarm: 'overrides Swarm eligibility',
  initiative: 'adds N to its crew value for Initiative',
};

/** The default value a newly chosen effect key gets. */
export function defaultEffectValue(key: EffectKey): EditValue {
  const kind = EFFECT_VALUES[key];
  if (kind === 'number') return 1;
  if (kind === 'die') return 'd6';
  if (kind === 'flag') return true;
  return kind[0].value;
}

/** The vocabulary key of an effect object (the first key of R11 it has), or null. */
export function effectKeyOf(effect: unknown): EffectKey | null {
  const r = asRecord(effect);
  return EFFECT_KEYS.find((k) => k in r) ?? null;
}

const DIE_CHOICES: Choice[] = DICE.map((d) => ({ value: d }));
const BOOL_CHOICES: Choice[] = [{ value: 'true', label: 'yes' }, { value: 'false', label: 'no' }];
const EFFECT_CHOICES: Choice[] = EFFECT_KEYS.map((k) => ({ value: k }));

/** The `when` keys of R11, in the order the form shows them. */
export const WHEN_KEYS = ['role', 'opponentType', 'opponentDieAtLeast', 'area', 'healthAtMost', 'roundAtLeast', 'inSwarm', 'vsSwarm'];

function WhenFields({ form, path, owner, types }: { form: FormApi; path: DocPath; owner: string; types: Choice[] }) {
  const whenPath = [...path, 'when'];
  const when = asRecord(getIn(form.data, whenPath));
  const set = Object.entries(when);
  const flagged = [whenPath, ...WHEN_KEYS.map((k) => [...whenPath, k])].some((p) => form.messages(p).length > 0);
  const [open, setOpen] = useState(set.length > 0 || flagged);
  const bool = (key: string, label: string) => (
    <SelectField form={form} path={[...whenPath, key]} label={`${label} (${owner})`} choices={BOOL_CHOICES} optional noneLabel="either" toValue={(v) => v === 'true'} />
  );
  return (
    <details className="when" open={open || flagged} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{set.length ? `When ${set.map(([k, v]) => `${k} ${asString(v)}`).join(', ')}` : 'When… (always applies)'}</summary>
      <div className="row">
        <SelectField form={form} path={[...whenPath, 'role']} label={`Role (${owner})`} choices={[{ value: 'attacker' }, { value: 'defender' }]} optional noneLabel="any role" />
        <SelectField form={form} path={[...whenPath, 'opponentType']} label={`Opponent type (${owner})`} choices={types} optional noneLabel="any type" />
        <SelectField form={form} path={[...whenPath, 'opponentDieAtLeast']} label={`Opponent die at least (${owner})`} choices={DIE_CHOICES} optional noneLabel="any die" />
        <TextField form={form} path={[...whenPath, 'area']} label={`In Area (${owner})`} optional placeholder="Area name or tag" />
        <NumberField form={form} path={[...whenPath, 'healthAtMost']} label={`Health at most (${owner})`} optional min={0} />
        <NumberField form={form} path={[...whenPath, 'roundAtLeast']} label={`Round at least (${owner})`} optional min={1} />
        {bool('inSwarm', 'In a Swarm')}
        {bool('vsSwarm', 'Against a Swarm')}
      </div>
      <Messages form={form} path={whenPath} />
    </details>
  );
}

/** Edits the effects list at `path` of something named `owner` (used in every label). */
export function EffectsEditor({ form, path, owner }: { form: FormApi; path: DocPath; owner: string }) {
  const effects = asArray(getIn(form.data, path));
  const types: Choice[] = [...BUILTIN_TYPES.map((t) => ({ value: t })), ...[...(form.model?.crewTypes.keys() ?? [])].map((t) => ({ value: t, label: `${t} (homebrew)` }))];
  return (
    <section className="effects" aria-label={`Effects of ${owner}`}>
      <h4>Effects</h4>
      <Messages form={form} path={path} />
      {effects.map((effect, i) => {
        const key = effectKeyOf(effect);
        const p = [...path, i];
        const name = `effect ${i + 1} of ${owner}`;
        const kind = key ? EFFECT_VALUES[key] : null;
        const label = `Value of ${name}`;
        const unknown = Object.keys(asRecord(effect)).filter((k) => k !== 'when' && k !== key);
        return (
          <div key={i} className="effect" role="group" aria-label={`Effect ${i + 1} of ${owner}`}>
            <div className="row">
              <div className="field">
                <Picker
                  label={`Effect ${i + 1} of ${owner}`}
                  items={selectItems(EFFECT_CHOICES, key ?? '')}
                  value={valueId(key ?? '')}
                  placeholder={unknown.length ? `unknown: ${unknown.join(', ')}` : 'choose…'}
                  triggerId={form.idFor([...p, '__key'])}
                  onChange={(id) => {
                    const k = idValue(id) as EffectKey;
                    const when = asRecord(effect).when;
                    form.set(p, when === undefined ? { [k]: defaultEffectValue(k) } : { [k]: defaultEffectValue(k), when: when as EditValue });
                  }}
                />
                {key && <span className="hint">{EFFECT_HELP[key]}</span>}
                <Messages form={form} path={p} />
              </div>
              {key && kind === 'number' && <NumberField form={form} path={[...p, key]} label={label} />}
              {key && kind === 'die' && <SelectField form={form} path={[...p, key]} label={label} choices={DIE_CHOICES} />}
              {key && kind === 'flag' && <CheckboxField form={form} path={[...p, key]} label={label} />}
              {key && Array.isArray(kind) && <SelectField form={form} path={[...p, key]} label={label} choices={kind} />}
              <EntryButtons form={form} listPath={path} index={i} count={effects.length} name={name} />
            </div>
            <WhenFields form={form} path={p} owner={name} types={types} />
            {unknown.length > 0 && <p className="hint">{`Not in the effect vocabulary: ${unknown.map((u) => asString(u)).join(', ')} (R11); fix it in the YAML view.`}</p>}
          </div>
        );
      })}
      <Button className="button-secondary" onPress={() => form.insert(path, effects.length, { rollModifier: 1 })}>
        {`Add effect to ${owner}`}
      </Button>
    </section>
  );
}
