import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import './declare.css';

/** One entry of a {@link ChoiceSelect}. */
export interface Choice {
  id: string;
  label: string;
}

/** Props of {@link ChoiceSelect}. */
export interface ChoiceSelectProps {
  label: string;
  items: Choice[];
  value: string;
  onChange: (id: string) => void;
  isDisabled?: boolean;
}

/**
 * A labelled single-choice select (react-aria-components `Select`: a button that opens a listbox,
 * keyboard and screen-reader ready). Its accessible name ends with `label`.
 */
export function ChoiceSelect({ label, items, value, onChange, isDisabled }: ChoiceSelectProps) {
  return (
    <Select className="tr-select" value={value} onChange={(k) => k !== null && onChange(String(k))} isDisabled={isDisabled}>
      <Label>{label}</Label>
      <Button className="tr-select-button">
        <SelectValue />
        <span aria-hidden="true"> ▾</span>
      </Button>
      <Popover className="tr-select-popover">
        <ListBox className="tr-select-list" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="tr-select-item">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
