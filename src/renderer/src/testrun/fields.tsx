/** Labelled inputs of the Test run views, on react-aria-components and styled with the tokens. */
import type { ReactNode } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { PickerItem } from '../components/Picker';

/** Props of {@link TextInput}. */
export interface TextInputProps {
  /** Visible label above the field (also its accessible name). */
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  isDisabled?: boolean;
  /** Marks the field invalid (the message is shown by the caller, e.g. as an alert). */
  isInvalid?: boolean;
  /** Id of the element that explains why the value is refused. */
  describedBy?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** `number` keeps the native spin button semantics (min/max/step apply). */
  type?: 'text' | 'number';
  min?: number;
  max?: number;
  step?: number;
  /** Text after the input on the same line (a unit such as "%" or "runs"). */
  suffix?: string;
  /** Help under the field. */
  description?: string;
  /** Something placed right of the input (e.g. a button). */
  after?: ReactNode;
  className?: string;
}

/**
 * A react-aria `TextField` with its label above and optional unit and help: the Test run's
 * number-like inputs keep their text (what the user typed) and are parsed by the view, so a bad
 * value can be shown and explained instead of silently corrected.
 */
export function TextInput({ label, value, onChange, onBlur, isDisabled, isInvalid, describedBy, inputMode, type = 'text', min, max, step, suffix, description, after, className }: TextInputProps) {
  return (
    <TextField
      className={`tr-input ${className ?? ''}`}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isDisabled={isDisabled}
      isInvalid={isInvalid}
      type={type}
      inputMode={inputMode}
      aria-describedby={describedBy}
      validationBehavior="aria"
    >
      <Label className="tr-field-label">{label}</Label>
      <span className="tr-input-row">
        <Input min={min} max={max} step={step} />
        {suffix !== undefined && <span className="tr-input-unit">{suffix}</span>}
        {after}
      </span>
      {description !== undefined && (
        <Text slot="description" className="picker-help">
          {description}
        </Text>
      )}
    </TextField>
  );
}

/** The Picker id that stands for "no choice" (''): react-aria keys must not be empty. */
export const NONE_ID = '(default)';
/** '' → {@link NONE_ID}, for a Picker's value. */
export const toPickerId = (v: string): string => (v === '' ? NONE_ID : v);
/** {@link NONE_ID} → '', from a Picker's change. */
export const fromPickerId = (id: string): string => (id === NONE_ID ? '' : id);

/**
 * The items of a ruleset picker: the workspace's ruleset (the '' choice, as {@link NONE_ID}),
 * the built-in `core`, then every ruleset document of the workspace by name.
 */
export function rulesetItems(model: WorkspaceModel | null, rulesets: readonly { id: string; name: string }[]): PickerItem[] {
  return [
    { id: NONE_ID, label: `Workspace ruleset (${model?.workspace?.ruleset ?? 'core'})` },
    { id: 'core', label: 'core (built-in)' },
    ...rulesets.filter((r) => r.id !== 'core').map((r) => ({ id: r.id, label: r.name })),
  ];
}
