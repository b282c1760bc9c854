import { Command } from 'cmdk';
import { useState } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/** One entry of a palette. */
export interface PaletteItem {
  id: string;
  label: string;
  /** Shown dimmed beside the label, and matched too (kind, id, path…). */
  detail?: string;
  /** A shortcut, shown on the right. */
  keys?: string;
  disabled?: boolean;
  run: () => void;
}

/**
 * A filterable list in a modal (cmdk inside a react-aria-components dialog): type to filter,
 * arrow keys to move, Enter runs the entry; Escape or a click outside closes it and focus goes
 * back where it was. Used by the command palette and Quick Open.
 */
export function Palette({ title, placeholder, items, onClose, empty }: { title: string; placeholder: string; items: readonly PaletteItem[]; onClose: () => void; empty: string }) {
  const [search, setSearch] = useState('');
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="dialog-backdrop">
      <Modal>
        <AriaDialog className="dialog palette" aria-label={title}>
          <Heading slot="title" className="visually-hidden">
            {title}
          </Heading>
          <Command label={title} loop>
            <Command.Input autoFocus value={search} onValueChange={setSearch} placeholder={placeholder} aria-label={title} />
            <Command.List label={`${title} results`}>
              <Command.Empty>{empty}</Command.Empty>
              {items.map((item) => (
                <Command.Item
                  key={item.id}
                  value={item.id}
                  keywords={[item.label, item.detail ?? '']}
                  disabled={item.disabled}
                  onSelect={() => {
                    onClose();
                    item.run();
                  }}
                >
                  <span>
                    {item.label}
                    {item.detail && <span className="detail"> {item.detail}</span>}
                  </span>
                  {item.keys && <kbd>{item.keys}</kbd>}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
