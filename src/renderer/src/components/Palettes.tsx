import { useEffect, useState } from 'react';
import type { AppCommand } from '../commands/app-commands';
import { KEYMAP } from '../commands/keymap';
import { languageNow } from '../state/language-loader';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { displayName } from '../state/doc-groups';
import type { PaletteItem } from './Palette';
import { Palette } from './Palette';
import { RenameDialog } from './RenameDialog';

/** The command palette (Ctrl+Shift+P): every command with its shortcut; unavailable ones disabled. */
function CommandPalette({ commands, onClose }: { commands: Record<string, AppCommand>; onClose: () => void }) {
  const items: PaletteItem[] = KEYMAP.filter((k) => !k.keyOnly && commands[k.id]).map((k) => ({
    id: k.id,
    label: `${k.group}: ${k.title}`,
    keys: k.keys,
    disabled: !commands[k.id]!.enabled(),
    run: commands[k.id]!.run,
  }));
  return <Palette title="Command palette" placeholder="Type a command" items={items} onClose={onClose} empty="No command matches." />;
}

/**
 * Quick Open (Ctrl+P): documents by name, id or path at once; the ids defined inside them
 * (members, Areas, objectives, abilities, items…) as soon as the language index has read them.
 */
function QuickOpen({ onClose }: { onClose: () => void }) {
  const store = useWorkspaceStore();
  const documents = useStoreSelector((s) => s.documents);
  const open = (file: string, line: number, column: number): void => {
    uiStoreOf(store).set({ view: 'editor' });
    if (line <= 1) void store.open(file);
    else void store.openLocation(file, line, column);
  };
  const base: PaletteItem[] = documents.map((d) => ({ id: d.path, label: displayName(d), detail: [d.kind ?? 'file', d.id, d.path].filter(Boolean).join(' · '), run: () => open(d.path, 1, 1) }));
  const [inner, setInner] = useState<PaletteItem[]>([]);
  useEffect(() => {
    let live = true;
    void languageNow(store).then(({ m, index }) => {
      if (!live) return;
      const entries = m.quickOpenEntries(index, []).map((e, i) => ({ id: `${e.file}#${e.line}:${e.column}:${i}`, label: e.label, detail: e.detail, run: () => open(e.file, e.line, e.column) }));
      setInner(entries);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return <Palette title="Quick Open" placeholder="Go to a document or id by name, id or path" items={[...base, ...inner]} onClose={onClose} empty="Nothing matches." />;
}

/** The window's overlays: command palette, Quick Open and the rename dialog (a chunk of its own). */
export default function Overlays({ commands }: { commands: Record<string, AppCommand> }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { overlay } = useUi(ui);
  const close = (): void => ui.close();
  if (!overlay) return null;
  if (overlay.kind === 'palette') return <CommandPalette commands={commands} onClose={close} />;
  if (overlay.kind === 'quickOpen') return <QuickOpen onClose={close} />;
  return <RenameDialog request={overlay.request} onClose={close} />;
}
