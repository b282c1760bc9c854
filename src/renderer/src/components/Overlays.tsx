import { lazy, Suspense } from 'react';
import type { AppCommand } from '../commands/app-commands';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';

/** The palettes and the rename dialog load on first use (cmdk is not part of the shell). */
const Palettes = lazy(() => import('./Palettes'));

/** The window's overlays: command palette, Quick Open and the rename dialog, when one is open. */
export function Overlays({ commands }: { commands: Record<string, AppCommand> }) {
  const store = useWorkspaceStore();
  const { overlay } = useUi(uiStoreOf(store));
  if (!overlay) return null;
  return (
    <Suspense fallback={<p className="loading" role="status">Loading…</p>}>
      <Palettes commands={commands} />
    </Suspense>
  );
}
