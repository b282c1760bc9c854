/**
 * The homebrew crew type form: allowed dice, Health range, granted abilities, equipment tags,
 * max per crew, and the workspace's crews whose members break the type as it now reads.
 */
import { BUILTIN_TYPES, DICE } from '../../../shared/model/types';
import { Check } from '../components/Check';
import { typeBreaches } from './crew-math';
import { asStrings, nameOf } from './data';
import { NumberField, SelectField, TextField } from './fields';
import type { FormApi } from './form-api';
import { IdListField, TagsField } from './list-fields';
import { describedBy, Messages } from './Messages';

function DicePicker({ form }: { form: FormApi }) {
  const dice = asStrings(form.data.dice);
  const toggle = (die: string, on: boolean): void => {
    const next = DICE.filter((d) => (d === die ? on : dice.includes(d)));
    form.set(['dice'], [...next, ...dice.filter((d) => !(DICE as readonly string[]).includes(d))]);
  };
  return (
    <fieldset className="field dice-picker" {...describedBy(form, ['dice'])}>
      <legend>Allowed dice</legend>
      {DICE.map((d) => (
        <Check key={d} id={form.idFor(['dice', d])} label={`Allowed die ${d}`} isSelected={dice.includes(d)} onChange={(on) => toggle(d, on)} />
      ))}
      <Messages form={form} path={['dice']} />
    </fieldset>
  );
}

/** The form of a `kind: crewType` document. */
export function CrewTypeForm({ form }: { form: FormApi }) {
  const breaches = typeBreaches(form.data, form.model);
  const abilities = [...(form.model?.abilities.values() ?? [])].map((a) => ({ value: a.id, label: nameOf(a, a.id) }));
  return (
    <div className="doc-form crewtype-form">
      <div className="row">
        <TextField form={form} path={['name']} label="Type name" />
        <TextField form={form} path={['id']} label="Type id" hint="members use it as their type" />
        <SelectField form={form} path={['base']} label="Base type" choices={BUILTIN_TYPES.map((t) => ({ value: t }))} hint="counts as this built-in type wherever a rule asks" />
      </div>
      <TextField form={form} path={['text']} label="Type text" optional multiline />
      <DicePicker form={form} />
      <fieldset className="row">
        <legend>Health range</legend>
        <Messages form={form} path={['health']} />
        <NumberField form={form} path={['health', 'min']} label="Minimum Health" min={1} />
        <NumberField form={form} path={['health', 'max']} label="Maximum Health" min={1} />
      </fieldset>
      <IdListField form={form} path={['abilities']} label="Granted abilities" choices={abilities} hint="every member of this type has them" />
      <TagsField form={form} path={['equipmentTags']} label="Equipment tags" optional hint="members may carry only items with one of these tags" />
      <NumberField form={form} path={['maxPerCrew']} label="Max per crew" optional min={1} />
      <section aria-label="Crews that break this type">
        <h3>Crews that break this type</h3>
        {breaches.length === 0 ? (
          <p className="muted">No member of any crew breaks it.</p>
        ) : (
          <ul>
            {breaches.map((b, i) => (
              <li key={i} className="msg warning">
                {b.member ? `crew '${b.crew}', member '${b.member}': ${b.problem}` : `crew '${b.crew}': ${b.problem}`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
