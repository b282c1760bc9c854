import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * A modal `dialog` named by its title (react-aria-components): keeps focus inside, closes on
 * Escape or a click outside (calling `onCancel`), and gives focus back to where it was.
 * Put `autoFocus` on the control that should take focus first.
 */
export function Dialog({ title, onCancel, children, className }: { title: string; onCancel: () => void; children: ReactNode; className?: string }) {
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onCancel()} className="dialog-backdrop">
      <Modal>
        <AriaDialog className={`dialog${className ? ` ${className}` : ''}`}>
          <Heading slot="title">{title}</Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
