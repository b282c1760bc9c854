import type { LucideIcon } from 'lucide-react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import '../styles/controls.css';

/** Props of {@link IconButton}. */
export interface IconButtonProps {
  /** The accessible name; also the tooltip's text unless `tip` is given. */
  label: string;
  icon: LucideIcon;
  onPress: () => void;
  isDisabled?: boolean;
  /** Tooltip text when it should say more than the name. */
  tip?: string;
  /** The button's role (issue 17, item 2): quiet by default, danger for removing. */
  tone?: 'quiet' | 'danger';
}

/**
 * An icon-only button (react-aria-components `Button`) with a tooltip on hover and keyboard focus
 * (`TooltipTrigger`), so its meaning is never only an icon.
 */
export function IconButton({ label, icon: Icon, onPress, isDisabled, tip, tone = 'quiet' }: IconButtonProps) {
  return (
    <TooltipTrigger delay={400}>
      <Button className={`button-${tone} button-icon`} aria-label={label} isDisabled={isDisabled} onPress={onPress}>
        <Icon size={14} aria-hidden="true" />
      </Button>
      <Tooltip className="tooltip" offset={6}>
        {tip ?? label}
      </Tooltip>
    </TooltipTrigger>
  );
}
