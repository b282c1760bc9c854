/** Small labelled fields of the Campaign view, on react-aria-components. */
import { ChevronDown } from 'lucide-react';
import { Button, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, TextField } from 'react-aria-components';

/** A labelled select of a few named options. */
export function Choice<T extends string>({ label, value, options, onChange, isDisabled }: { label: string; value: T; options: readonly { id: T; name: string }[]; onChange: (v: T) => void; isDisabled?: boolean }) {
  return (
    <Select className="cv-field" selectedKey={value} onSelectionChange={(k) => k !== null && onChange(k as T)} isDisabled={isDisabled}>
      <Label>{label}</Label>
      <Button className="cv-select">
        <SelectValue />
        <ChevronDown size={14} aria-hidden />
      </Button>
      <Popover className="cv-popover">
        <ListBox items={options} className="cv-listbox">
          {(o) => (
            <ListBoxItem id={o.id} className="cv-option">
              {o.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
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
