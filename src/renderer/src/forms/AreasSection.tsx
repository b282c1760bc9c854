/** The Areas of a scenario: a card per Area (name, tags, text, links, rules) and the link graph. */
import { Button } from 'react-aria-components';
import { asArray, asRecord, asString, freshId, nameOf } from './data';
import { useSystemTheme } from '../theme';
import { AreaMap } from './AreaMap';
import { TextField } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons, IdListField, TagsField } from './list-fields';
import { Messages } from './Messages';
import { RulesList } from './RulesList';

/** The Areas section of the scenario form. */
export function AreasSection({ form }: { form: FormApi }) {
  const theme = useSystemTheme();
  const areas = asArray(form.data.areas);
  const ids = areas.map((a) => asString(asRecord(a).id)).filter((id) => id !== '');
  const add = (): void => {
    const id = freshId('area', ids);
    form.insert(['areas'], areas.length, { id, name: `Area ${id.slice(5)}` });
  };
  return (
    <section aria-label="Areas">
      <h3>Areas</h3>
      <Messages form={form} path={['areas']} />
      <AreaMap form={form} colorMode={theme} />
      {areas.map((area, i) => {
        const who = `Area ${nameOf(area, String(i + 1))}`;
        const p = ['areas', i];
        const own = asString(asRecord(area).id);
        return (
          <fieldset key={i} className="card" aria-label={who}>
            <legend>{who}</legend>
            <Messages form={form} path={p} />
            <div className="row">
              <TextField form={form} path={[...p, 'name']} label={`Name of ${who}`} />
              <TextField form={form} path={[...p, 'id']} label={`Id of ${who}`} />
              <TagsField form={form} path={[...p, 'tags']} label={`Tags of ${who}`} optional />
            </div>
            <TextField form={form} path={[...p, 'text']} label={`Text of ${who}`} optional multiline />
            <IdListField form={form} path={[...p, 'links']} label={`Links of ${who}`} choices={ids.filter((id) => id !== own).map((value) => ({ value }))} hint="From this Area a move must follow one of its links; an Area without links lets a member move to any other Area (R8.2)." />
            <RulesList form={form} path={[...p, 'rules']} who={who} />
            <EntryButtons form={form} listPath={['areas']} index={i} count={areas.length} name={who} />
          </fieldset>
        );
      })}
      <Button className="button-secondary" onPress={add}>
        Add Area
      </Button>
    </section>
  );
}
