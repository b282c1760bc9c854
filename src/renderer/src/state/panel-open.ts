/**
 * Whether the bottom panel (Problems, Search, References) is open, kept per workspace (issue 17,
 * item 3). The user's last choice (Ctrl+J, Hide, a drag, a tab click) is remembered in this
 * window's localStorage. A workspace without a remembered choice starts with the panel collapsed
 * to its header; when the first validation answer arrives it opens if there are problems, and
 * stays collapsed otherwise. Problems appearing later never open it by themselves (typing would
 * make the editor jump): the badge on the Problems tab counts them and one click opens it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { UiStore } from './ui-store';

/** The localStorage key of a workspace's panel choice. */
export const panelOpenKey = (root: string): string => `mortisphere.panelOpen:${root}`;

/** The remembered choice (`'1'`/`'0'`), or 'auto' when there is none (or it is unreadable). */
export function rememberedPanelOpen(value: string | null): boolean | 'auto' {
  if (value === '1') return true;
  if (value === '0') return false;
  return 'auto';
}

/** The automatic choice once the workspace is validated: open when it has any problem. */
export const autoPanelOpen = (diagnostics: readonly Diagnostic[]): boolean => diagnostics.length > 0;

/** The remembered choice for `root` in `storage`. */
export function readPanelOpen(storage: Storage | undefined, root: string): boolean | 'auto' {
  try {
    return rememberedPanelOpen(storage?.getItem(panelOpenKey(root)) ?? null);
  } catch {
    return 'auto';
  }
}

/**
 * Applies the policy above for the workspace at `root` (call it from a component keyed by the
 * root): sets `panelOpen` before the first paint, decides once `problems` (null until the
 * workspace is validated, then {@link autoPanelOpen} of its diagnostics) is known, and remembers
 * every later change. Returns whether the panel starts open (its default size).
 */
export function usePanelOpenPolicy(ui: UiStore, root: string, storage: Storage | undefined, problems: boolean | null): boolean {
  const [initial] = useState(() => readPanelOpen(storage, root));
  const auto = useRef(initial === 'auto');
  const applied = useRef<boolean>(initial === true);
  useLayoutEffect(() => {
    ui.set({ panelOpen: applied.current });
  }, [ui]);
  useEffect(() => {
    if (!auto.current || problems === null) return;
    auto.current = false;
    applied.current = problems;
    if (ui.getState().panelOpen !== applied.current) ui.set({ panelOpen: applied.current });
  }, [ui, problems]);
  // Remember the user's changes (not the ones made above).
  useEffect(
    () =>
      ui.subscribe(() => {
        const open = ui.getState().panelOpen;
        if (open === applied.current) return;
        applied.current = open;
        auto.current = false;
        try {
          storage?.setItem(panelOpenKey(root), open ? '1' : '0');
        } catch {
          // A full or blocked storage only loses the remembered choice.
        }
      }),
    [ui, root, storage],
  );
  return initial === true;
}
