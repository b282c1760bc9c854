/**
 * Controls for lists: ids chosen from a library (chips plus an "Add" select), free tags typed
 * as comma-separated text, and the buttons that reorder or remove an entry of a list.
 */
import { Button, Input, Label, TextField } from 'react-aria-components';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import type { DocPath } from '../../../shared/doc-edit';
import { asArray, asString, asStrings, getIn } from './data';
import type { Choice } from './fields';
import { textFieldProps, useDraft } from './fields';
import type { FormApi } from './form-api';
import { IconButton } from '../components/IconButton';
import { Picker } from '../components/Picker';
import { messageProps, Messages } from './Messages';
import type { FieldBase } from './Messages';

/**
 * A list of ids picked from `choices`: each chosen id is a chip with a remove button; a select
 * adds one more. Ids that match no choice stay listed (the validator reports them).
 */
export function IdListField(props: FieldBase & { choices: readonly Choice[]; hint?: string }) {
  const { form, path, label, choices, disabled } = props;
  const id = form.idFor(path);
  const chosen = asStrings(getIn(form.data, path));
  const raw = asArray(getIn(form.data, path));
  const left = choices.filter((c) => !chosen.includes(c.value));
  const labelOf = (v: string): string => choices.find((c) => c.value === v)?.label ?? v;
  return (
    <div className="field id-list" role="group" aria-label={label}>
      <span className="label">{label}</span>
      <ul className="chips">
        {raw.map((v, i) => (
          <li key={`${i}-${asString(v)}`} className="chip">
            {labelOf(asString(v))}
            <IconButton label={`Remove ${asString(v)} from ${label}`} icon={X} tone="danger" isDisabled={disabled} onPress={() => form.remove([...path, i])} />
            <Messages form={form} path={[...path, i]} />
          </li>
        ))}
      </ul>
      <Picker
        label={`Add to ${label}`}
        labelHidden
        items={left.map((c) => ({ id: c.value, label: c.label ?? c.value }))}
        value=""
        placeholder={left.length === 0 ? 'nothing more to add' : 'Add…'}
        isDisabled={disabled || left.length === 0}
        triggerId={id}
        {...messageProps(form, path)}
        onChange={(v) => form.insert(path, raw.length, v)}
      />
      {props.hint && <span className="hint">{props.hint}</span>}
      <Messages form={form} path={path} />
    </div>
  );
}

/** Free-form tags typed as `a, b, c`; an empty field removes the key when `optional`. */
export function TagsField(props: FieldBase & { optional?: boolean; hint?: string }) {
  const { form, path, label, optional, disabled } = props;
  const [value, setDraft] = useDraft(asStrings(getIn(form.data, path)).join(', '));
  const onChange = (v: string): void => {
    setDraft(v);
    const tags = v.split(',').map((t) => t.trim()).filter((t) => t !== '');
    form.set(path, tags.length === 0 && optional ? undefined : tags);
  };
  return (
    <div className="field">
      <TextField {...textFieldProps(form, path)} value={value} onChange={onChange} isDisabled={disabled}>
        <Label>{label}</Label>
        <Input placeholder="comma, separated" onBlur={() => setDraft(null)} />
      </TextField>
      {props.hint && <span className="hint">{props.hint}</span>}
      <Messages form={form} path={path} />
    </div>
  );
}

/** Move up / move down / remove buttons for entry `index` of the list at `listPath`. */
export function EntryButtons({ form, listPath, index, count, name, disabled }: { form: FormApi; listPath: DocPath; index: number; count: number; name: string; disabled?: boolean }) {
  return (
    <span className="entry-buttons">
      <IconButton label={`Move ${name} up`} icon={ArrowUp} isDisabled={disabled || index === 0} onPress={() => form.move(listPath, index, index - 1)} />
      <IconButton label={`Move ${name} down`} icon={ArrowDown} isDisabled={disabled || index >= count - 1} onPress={() => form.move(listPath, index, index + 1)} />
      <Button className="button-danger" aria-label={`Remove ${name}`} isDisabled={disabled} onPress={() => form.remove([...listPath, index])}>
        Remove
      </Button>
    </span>
  );
}
