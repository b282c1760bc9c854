/** Small labelled fields of the Campaign view, on react-aria-components. */
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { Picker } from '../components/Picker';

/** A labelled select of a few named options (the app's {@link Picker}). */
export function Choice<T extends string>({ label, value, options, onChange, isDisabled }: { label: string; value: T; options: readonly { id: T; name: string }[]; onChange: (v: T) => void; isDisabled?: boolean }) {
  return <Picker className="cv-field" label={label} value={value} items={options.map((o) => ({ id: o.id, label: o.name }))} onChange={(v) => onChange(v as T)} isDisabled={isDisabled} />;
}

/** A labelled one-line text field; `error` shows under it and marks it invalid. */
export function Text({ label, value, onChange, error, type = 'text', className }: { label: string; value: string; onChange: (v: string) => void; error?: string | null; type?: string; className?: string }) {
  return (
    <TextField className={`cv-field ${className ?? ''}`} value={value} onChange={onChange} isInvalid={!!error} type={type}>
      <Label>{label}</Label>
      <Input />
      <FieldError>{error}</FieldError>
    </TextField>
  );
}
