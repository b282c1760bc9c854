import { ChevronDown } from 'lucide-react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from 'react-aria-components';
import '../styles/controls.css';

/** One entry of a {@link Picker}. */
export interface PickerItem {
  id: string;
  label: string;
  isDisabled?: boolean;
}

/** Props of {@link Picker}. */
export interface PickerProps {
  /** Visible label above the control (also its accessible name). */
  label: string;
  items: readonly PickerItem[];
  /** The selected id; one that is not among `items` (e.g. '') shows the placeholder. */
  value: string;
  onChange: (id: string) => void;
  isDisabled?: boolean;
  /** Shown while nothing is selected. */
  placeholder?: string;
  /** Help under the control. */
  description?: string;
  /** Hides the label visually; it stays the accessible name. */
  labelHidden?: boolean;
  /** Id of the trigger button (so "go to field" can focus it). */
  triggerId?: string;
  /** Ids of messages that describe the control (problems under a form field). */
  describedBy?: string;
  /** Marks the control invalid (an error is reported on its field). */
  isInvalid?: boolean;
  className?: string;
}

/**
 * The app's single-choice select: react-aria-components `Select` (a button that opens a listbox;
 * keyboard, typeahead and screen-reader support come with it), styled with the design tokens.
 * Its trigger button is named "<selected value> <label>"; tests pick with `tests/e2e/pick.ts`.
 */
export function Picker({ label, items, value, onChange, isDisabled, placeholder, description, labelHidden, triggerId, describedBy, isInvalid, className }: PickerProps) {
  return (
    <Select
      className={`picker ${className ?? ''}`}
      value={items.some((i) => i.id === value) ? value : null}
      onChange={(k) => k !== null && onChange(String(k))}
      isDisabled={isDisabled}
      isInvalid={isInvalid}
      validationBehavior="aria"
      placeholder={placeholder}
      disabledKeys={items.filter((i) => i.isDisabled).map((i) => i.id)}
    >
      <Label className={labelHidden ? 'visually-hidden' : 'picker-label'}>{label}</Label>
      <Button className="picker-button" id={triggerId} aria-describedby={describedBy}>
        <SelectValue className="picker-value" />
        <ChevronDown size={14} aria-hidden />
      </Button>
      {description !== undefined && (
        <Text slot="description" className="picker-help">
          {description}
        </Text>
      )}
      <Popover className="picker-popover">
        <ListBox className="picker-list" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="picker-item">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
