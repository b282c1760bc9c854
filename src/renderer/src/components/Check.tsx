import { Check as CheckIcon } from 'lucide-react';
import { Checkbox } from 'react-aria-components';
import '../styles/check.css';

/** Props of {@link Check}. */
export interface CheckProps {
  /** Visible text beside the box (also its accessible name). */
  label: string;
  isSelected: boolean;
  onChange: (on: boolean) => void;
  isDisabled?: boolean;
  /** Id of the native input (so "go to field" and `<label for>` reach it). */
  id?: string;
  /** Ids of messages that describe the control (problems under a form field). */
  describedBy?: string;
  /** Marks the control invalid (an error is reported on its field). */
  isInvalid?: boolean;
  className?: string;
}

/**
 * The app's checkbox: react-aria-components `Checkbox` (a real, visually hidden input inside a
 * label) with a visible box in the design tokens. The input is laid invisibly over the whole
 * control, so a click anywhere on the box or its words lands on it.
 */
export function Check({ label, isSelected, onChange, isDisabled, id, describedBy, isInvalid, className }: CheckProps) {
  return (
    <Checkbox
      className={`check ${className ?? ''}`}
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
      isInvalid={isInvalid}
      validationBehavior="aria"
      id={id}
      aria-describedby={describedBy}
    >
      {({ isSelected: on }) => (
        <>
          <span className="check-box" aria-hidden="true">
            {on && <CheckIcon size={12} strokeWidth={3} />}
          </span>
          <span className="check-label">{label}</span>
        </>
      )}
    </Checkbox>
  );
}
