/**
 * The abilities and equipment library forms: one card per entry with id, name, text, cost,
 * tags (and `ranged` for equipment) and its effects.
 */
import { Button } from 'react-aria-components';
import { asArray, asRecord, freshId, nameOf } from './data';
import { EffectsEditor } from './EffectsEditor';
import { CheckboxField, NumberField, TextField } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons, TagsField } from './list-fields';
import { Messages } from './Messages';

/** The form of a `kind: abilities` or `kind: equipment` library. */
export function LibraryForm({ form, kind }: { form: FormApi; kind: 'abilities' | 'equipment' }) {
  const listKey = kind === 'abilities' ? 'abilities' : 'items';
  const noun = kind === 'abilities' ? 'ability' : 'item';
  const entries = asArray(form.data[listKey]);
  const add = (): void => {
    const id = freshId(noun, entries.map((e) => asRecord(e).id));
    form.insert([listKey], entries.length, kind === 'abilities' ? { id, name: `New ability ${id.slice(noun.length + 1)}`, effects: [] } : { id, name: `New item ${id.slice(noun.length + 1)}`, cost: 0 });
  };
  return (
    <div className="doc-form library-form">
      <TextField form={form} path={['name']} label="Library name" optional />
      <section aria-label={kind === 'abilities' ? 'Abilities' : 'Items'}>
        <h3>{kind === 'abilities' ? 'Abilities' : 'Items'}</h3>
        <Messages form={form} path={[listKey]} />
        {entries.map((entry, i) => {
          const who = nameOf(entry, `${noun} ${i + 1}`);
          const p = [listKey, i];
          return (
            <fieldset key={i} className="card" aria-label={who}>
              <legend>{who}</legend>
              <Messages form={form} path={p} />
              <div className="row">
                <TextField form={form} path={[...p, 'name']} label={`Name of ${who}`} />
                <TextField form={form} path={[...p, 'id']} label={`Id of ${who}`} />
                <NumberField form={form} path={[...p, 'cost']} label={`Cost of ${who}`} optional min={0} hint="added to the recruit cost (R1.1)" />
                {kind === 'equipment' && <CheckboxField form={form} path={[...p, 'ranged']} label={`Ranged (${who})`} hint="resolves in the ranged phase (R12)" />}
              </div>
              <TagsField form={form} path={[...p, 'tags']} label={`Tags of ${who}`} optional />
              <TextField form={form} path={[...p, 'text']} label={`Text of ${who}`} optional multiline />
              <EffectsEditor form={form} path={[...p, 'effects']} owner={who} />
              <EntryButtons form={form} listPath={[listKey]} index={i} count={entries.length} name={who} />
            </fieldset>
          );
        })}
        <Button className="button-secondary" onPress={add}>
          {kind === 'abilities' ? 'Add ability' : 'Add item'}
        </Button>
      </section>
    </div>
  );
}
