import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * A modal `dialog` named by its title: focuses its first control on open, closes on Escape
 * (calling `onCancel`), keeps Tab inside, and gives focus back to where it was when it closes.
 */
export function Dialog({ title, onCancel, children }: { title: string; onCancel: () => void; children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, button');
    first?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        className="dialog"
        ref={ref}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onCancel();
          } else if (e.key === 'Tab') {
            const items = [...(ref.current?.querySelectorAll<HTMLElement>('input, select, textarea, button') ?? [])];
            if (items.length === 0) return;
            const i = items.indexOf(document.activeElement as HTMLElement);
            const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : (i + 1) % items.length;
            e.preventDefault();
            items[next].focus();
          }
        }}
      >
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
