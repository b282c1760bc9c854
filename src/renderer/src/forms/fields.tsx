/**
 * The basic controls of every form: text, number, select and checkbox fields bound to one
 * YAML path each, labelled, with their diagnostics beside them.
 */
import { Minus, Plus } from 'lucide-react';
import { Input, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { DocPath, EditValue } from '../../../shared/doc-edit';
import { asNumber, asString, getIn } from './data';
import type { FormApi } from './form-api';
import { IconButton } from '../components/IconButton';
import { Check } from '../components/Check';
import { Picker } from '../components/Picker';
import type { PickerItem } from '../components/Picker';
import { describedBy, messageProps, Messages } from './Messages';
import type { FieldBase } from './Messages';

/**
 * Shows the user's own typing while a control has focus, so an edit in flight is never
 * overwritten; any change of the document from elsewhere (undo, the YAML view) replaces it.
 */
export function useDraft(current: string): [string, (v: string | null) => void] {
  const [draft, setDraft] = useState<string | null>(null);
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    if (draft !== null && draft !== current) setDraft(null);
  }
  return [draft ?? current, setDraft];
}

/** Edits still being typed in a form's fields, committed before the document is read elsewhere (a save). */
export interface FormFlushers {
  hold(field: string, commit: () => void): void;
  release(field: string): void;
}

/** Provided by the form host; fields register their edit in flight with it. */
export const FormFlushersContext = createContext<FormFlushers | null>(null);
const useFormFlushers = (): FormFlushers | null => useContext(FormFlushersContext);

/** Props of a react-aria `TextField` bound to `path`: the field id on its input, its messages, invalid state. */
export function textFieldProps(form: FormApi, path: DocPath): { className: string; id: string; isInvalid?: boolean; validationBehavior: 'aria'; 'aria-describedby'?: string } {
  const aria = describedBy(form, path);
  return { className: 'text-field', id: form.idFor(path), isInvalid: aria['aria-invalid'], validationBehavior: 'aria', 'aria-describedby': aria['aria-describedby'] };
}

/** Milliseconds of quiet after typing before a text field writes its value (one undo step). */
export const COMMIT_PAUSE_MS = 700;

/**
 * A one-line (or multi-line) text field; an emptied optional field removes its key. Typing
 * writes to the document once per edit (issue 14): after a pause, on leaving the field, or on
 * Enter — so one undo step undoes one edit, not one character. Escape drops the edit in flight.
 * An id field (path ending in `id`) writes only on leaving or Enter, through `form.setId`, so the
 * host can offer to rename the id everywhere.
 */
export function TextField(props: FieldBase & { optional?: boolean; multiline?: boolean; placeholder?: string; hint?: string }) {
  const { form, path, label, optional, multiline, placeholder, disabled } = props;
  const id = form.idFor(path);
  const current = asString(getIn(form.data, path));
  const [value, setDraft] = useDraft(current);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isId = path[path.length - 1] === 'id';
  const commitRef = useRef<() => void>(() => undefined);
  commitRef.current = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const v = pending.current;
    pending.current = null;
    if (v === null || v === current) return;
    if (isId) form.setId(path, v);
    else form.set(path, v === '' && optional ? undefined : v);
  };
  const flushers = useFormFlushers();
  useEffect(() => () => commitRef.current(), []);
  const onChange = (v: string): void => {
    setDraft(v);
    pending.current = v;
    flushers?.hold(id, () => commitRef.current());
    if (timer.current) clearTimeout(timer.current);
    if (!isId) timer.current = setTimeout(() => commitRef.current(), COMMIT_PAUSE_MS);
  };
  const commit = (): void => {
    commitRef.current();
    flushers?.release(id);
  };
  const handlers = {
    placeholder,
    onBlur: () => {
      commit();
      setDraft(null);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (e.key === 'Enter' && !multiline) {
        e.preventDefault();
        commit();
      } else if (e.key === 'Escape' && pending.current !== null) {
        e.stopPropagation();
        pending.current = null;
        if (timer.current) clearTimeout(timer.current);
        flushers?.release(id);
        setDraft(null);
      } else if ((e.ctrlKey || e.metaKey) && (e.key.toLowerCase() === 'z' || e.key.toLowerCase() === 'y')) {
        // Undo takes the edit in flight first, so it undoes exactly that edit.
        commit();
      }
    },
  };
  return (
    <div className="field">
      <AriaTextField {...textFieldProps(form, path)} value={value} onChange={onChange} isDisabled={disabled}>
        <Label>{label}</Label>
        {multiline ? <TextArea {...handlers} rows={3} /> : <Input {...handlers} />}
      </AriaTextField>
      {props.hint && <span className="hint">{props.hint}</span>}
      <Messages form={form} path={path} />
    </div>
  );
}

/** A number field (react-aria TextField over a native number input, so it stays a spinbutton); an emptied optional field removes its key. */
export function NumberField(props: FieldBase & { optional?: boolean; nullable?: boolean; min?: number; max?: number; step?: number; hint?: string; stepper?: boolean }) {
  const { form, path, label, optional, nullable, min, max, disabled, stepper } = props;
  const raw = getIn(form.data, path);
  const current = asNumber(raw);
  const [value, setDraft] = useDraft(current === undefined ? '' : String(current));
  const onChange = (v: string): void => {
    setDraft(v);
    if (v.trim() === '') {
      if (nullable) form.set(path, null);
      else if (optional) form.set(path, undefined);
      return;
    }
    const n = Number(v);
    if (Number.isFinite(n)) form.set(path, n);
  };
  const bump = (d: number): void => {
    const next = (current ?? min ?? 0) + d;
    if ((min === undefined || next >= min) && (max === undefined || next <= max)) form.set(path, next);
  };
  return (
    <div className="field">
      <AriaTextField {...textFieldProps(form, path)} value={value} onChange={onChange} isDisabled={disabled}>
        <Label>{label}</Label>
        <span className="number">
          {stepper && <IconButton label={`Decrease ${label}`} icon={Minus} isDisabled={disabled} onPress={() => bump(-1)} />}
          <Input type="number" min={min} max={max} step={props.step ?? 1} onBlur={() => setDraft(null)} />
          {stepper && <IconButton label={`Increase ${label}`} icon={Plus} isDisabled={disabled} onPress={() => bump(1)} />}
        </span>
      </AriaTextField>
      {props.hint && <span className="hint">{props.hint}</span>}
      <Messages form={form} path={path} />
    </div>
  );
}

/** One choice of a select. */
export interface Choice {
  value: string;
  label?: string;
}

/** Picker id of the "(none)" entry; every value's id is prefixed, so no value can collide with it. */
const NONE_ID = 'none';
/** The Picker id of a value in {@link selectItems} (`''`, no value, is the "(none)" entry). */
export const valueId = (v: string): string => (v === '' ? NONE_ID : `=${v}`);
/** The value of a Picker id from {@link selectItems} (`''` for the "(none)" entry). */
export const idValue = (id: string): string => (id === NONE_ID ? '' : id.slice(1));

/**
 * The entries of a select over `choices` when the field holds `current` (`''` = no value): a
 * value outside the choices is kept as an entry marked "(unknown)", and `noneLabel` (given for
 * an optional field) adds a first entry that removes the key.
 */
export function selectItems(choices: readonly Choice[], current: string, noneLabel?: string): PickerItem[] {
  const items = choices.map((c) => ({ id: valueId(c.value), label: c.label ?? c.value }));
  if (current !== '' && !choices.some((c) => c.value === current)) items.push({ id: valueId(current), label: `${current} (unknown)` });
  return noneLabel === undefined ? items : [{ id: NONE_ID, label: noneLabel }, ...items];
}

/**
 * A select over `choices`. A current value outside them stays selectable (marked unknown) so the
 * form never rewrites what the user wrote; `optional` adds a "(none)" entry that removes the key.
 */
export function SelectField(props: FieldBase & { choices: readonly Choice[]; optional?: boolean; noneLabel?: string; hint?: string; toValue?: (v: string) => EditValue }) {
  const { form, path, label, choices, optional, disabled, toValue } = props;
  const raw = getIn(form.data, path);
  const current = raw === undefined || raw === null ? '' : asString(raw);
  const none = props.noneLabel ?? '(none)';
  return (
    <div className="field">
      <Picker
        label={label}
        items={selectItems(choices, current, optional ? none : undefined)}
        value={valueId(current)}
        placeholder={none}
        isDisabled={disabled}
        triggerId={form.idFor(path)}
        {...messageProps(form, path)}
        onChange={(id) => {
          const v = idValue(id);
          form.set(path, v === '' ? undefined : toValue ? toValue(v) : v);
        }}
      />
      {props.hint && <span className="hint">{props.hint}</span>}
      <Messages form={form} path={path} />
    </div>
  );
}

/** A checkbox; `onToggle` replaces the plain set (e.g. the Captain toggle clears the others). */
export function CheckboxField(props: FieldBase & { defaultValue?: boolean; onToggle?: (checked: boolean) => void; hint?: string }) {
  const { form, path, label, disabled, onToggle, defaultValue } = props;
  const raw = getIn(form.data, path);
  const checked = typeof raw === 'boolean' ? raw : (defaultValue ?? false);
  return (
    <div className="field checkbox">
      <Check
        id={form.idFor(path)}
        label={label}
        isSelected={checked}
        isDisabled={disabled}
        {...messageProps(form, path)}
        onChange={(on) => (onToggle ? onToggle(on) : form.set(path, on))}
      />
      {props.hint && <span className="hint">{props.hint}</span>}
      <Messages form={form} path={path} />
    </div>
  );
}
