/** The objectives of a scenario, each with the fields of its kind (R9.1). */
import { Button } from 'react-aria-components';
import { asArray, asRecord, asString, freshId, nameOf } from './data';
import { Picker } from '../components/Picker';
import { idValue, NumberField, SelectField, selectItems, TextField, valueId } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons } from './list-fields';
import { messageProps, Messages } from './Messages';
import { KIND_FIELDS, switchKindEdits } from './objective-kinds';
import { SchemaField } from './SchemaField';

const KIND_CHOICES = Object.keys(KIND_FIELDS).map((k) => ({ value: k }));

/** The objectives section of the scenario form. */
export function ObjectivesSection({ form }: { form: FormApi }) {
  const objectives = asArray(form.data.objectives);
  const areas = asArray(form.data.areas).map((a) => ({ value: asString(asRecord(a).id), label: nameOf(a, asString(asRecord(a).id)) })).filter((c) => c.value !== '');
  const sides = asArray(form.data.sides).map((s) => ({ value: asString(asRecord(s).id), label: nameOf(s, asString(asRecord(s).id)) })).filter((c) => c.value !== '');
  const add = (): void => {
    const id = freshId('objective', objectives.map((o) => asRecord(o).id));
    form.insert(['objectives'], objectives.length, { id, name: `Objective ${id.slice(10)}`, area: areas[0]?.value ?? '', kind: 'reach', points: 1 });
  };
  return (
    <section aria-label="Objectives">
      <h3>Objectives</h3>
      <Messages form={form} path={['objectives']} />
      {objectives.map((objective, i) => {
        const o = asRecord(objective);
        const who = `objective ${nameOf(o, String(i + 1))}`;
        const p = ['objectives', i];
        const kind = asString(o.kind);
        return (
          <fieldset key={i} className="card" aria-label={who}>
            <legend>{nameOf(o, `Objective ${i + 1}`)}</legend>
            <Messages form={form} path={p} />
            <div className="row">
              <TextField form={form} path={[...p, 'name']} label={`Name of ${who}`} />
              <TextField form={form} path={[...p, 'id']} label={`Id of ${who}`} />
              <div className="field">
                <Picker
                  label={`Kind of ${who}`}
                  items={selectItems(KIND_CHOICES, kind)}
                  value={valueId(kind)}
                  placeholder="choose…"
                  triggerId={form.idFor([...p, 'kind'])}
                  {...messageProps(form, [...p, 'kind'])}
                  onChange={(k) => form.apply(...switchKindEdits(o, i, idValue(k)))}
                />
                <Messages form={form} path={[...p, 'kind']} />
              </div>
            </div>
            <div className="row">
              <SelectField form={form} path={[...p, 'area']} label={`Area of ${who}`} choices={areas} />
              <NumberField form={form} path={[...p, 'points']} label={`Points of ${who}`} optional min={0} />
              <SelectField form={form} path={[...p, 'side']} label={`Only side (${who})`} choices={sides} optional noneLabel="either side" />
            </div>
            <div className="row">
              {(KIND_FIELDS[kind] ?? []).map((f) => (
                <SchemaField key={f} form={form} kind="scenario" schemaPath={['objectives', 0, f]} variant={kind} path={[...p, f]} label={`${f} (${who})`} />
              ))}
            </div>
            <TextField form={form} path={[...p, 'text']} label={`Text of ${who}`} optional />
            <EntryButtons form={form} listPath={['objectives']} index={i} count={objectives.length} name={who} />
          </fieldset>
        );
      })}
      <Button className="button-secondary" onPress={add}>
        Add objective
      </Button>
    </section>
  );
}
