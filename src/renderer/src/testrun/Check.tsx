import { Check as CheckIcon } from 'lucide-react';
import { Checkbox } from 'react-aria-components';
import './declare.css';

/** A labelled checkbox (react-aria-components `Checkbox`) with a visible box. */
export function Check({ label, isSelected, onChange }: { label: string; isSelected: boolean; onChange: (on: boolean) => void }) {
  return (
    <Checkbox className="tr-check" isSelected={isSelected} onChange={onChange}>
      {({ isSelected: on }) => (
        <>
          <span className="tr-check-box" aria-hidden="true">
            {on && <CheckIcon size={12} strokeWidth={3} />}
          </span>
          {label}
        </>
      )}
    </Checkbox>
  );
}
