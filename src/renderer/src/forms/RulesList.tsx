/** Inline special rules (`rules: [{name, text, effects}]`) of a member or an Area (R8.5, R11). */
import { Button } from 'react-aria-components';
import type { DocPath } from '../../../shared/doc-edit';
import { asArray, getIn, nameOf } from './data';
import { EffectsEditor } from './EffectsEditor';
import { TextField } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons } from './list-fields';
import { Messages } from './Messages';

/** Edits the rules list at `path` of something named `who`. */
export function RulesList({ form, path, who }: { form: FormApi; path: DocPath; who: string }) {
  const rules = asArray(getIn(form.data, path));
  return (
    <section className="rules" aria-label={`Special rules of ${who}`}>
      <h4>Special rules</h4>
      <Messages form={form} path={path} />
      {rules.map((rule, i) => {
        const p = [...path, i];
        const name = `rule ${nameOf(rule, String(i + 1))} of ${who}`;
        return (
          <div key={i} className="card rule" role="group" aria-label={name}>
            <TextField form={form} path={[...p, 'name']} label={`Name of ${name}`} />
            <TextField form={form} path={[...p, 'text']} label={`Text of ${name}`} optional multiline />
            <EffectsEditor form={form} path={[...p, 'effects']} owner={name} />
            <EntryButtons form={form} listPath={path} index={i} count={rules.length} name={name} />
            <Messages form={form} path={p} />
          </div>
        );
      })}
      <Button className="button-secondary" onPress={() => form.insert(path, rules.length, { name: 'New rule', effects: [] })}>
        {`Add special rule to ${who}`}
      </Button>
    </section>
  );
}
