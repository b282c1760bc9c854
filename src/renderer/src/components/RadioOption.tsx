import type { ReactNode } from 'react';
import { Radio } from 'react-aria-components';
import '../styles/check.css';

/**
 * The app's radio button, for a react-aria-components `RadioGroup`: RAC `Radio` (a real, visually
 * hidden input inside a label) with a visible circle in the design tokens, the same look as
 * {@link Check}'s box (styles/check.css).
 */
export function RadioOption({ value, children, isDisabled }: { value: string; children: ReactNode; isDisabled?: boolean }) {
  return (
    <Radio className="radio" value={value} isDisabled={isDisabled}>
      {children}
    </Radio>
  );
}
