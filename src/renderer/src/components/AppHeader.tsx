import { Command, History, Redo2, Save, SaveAll, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Separator, Toolbar } from 'react-aria-components';
import type { AppCommand } from '../commands/app-commands';
import { campaignViewShown } from '../commands/app-commands';
import { useOptionalEditorServices } from '../monaco/editor-context';
import { activeTabOf, selectActiveMeta } from '../state/selectors';
import { uiStoreOf, useUi } from '../state/ui-store';
import { undoTarget } from '../state/undo-route';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { workspaceEdits } from '../state/workspace-edit';
import { MainViewSwitch } from './MainViewSwitch';
import { NewDocument } from './NewDocument';
import { RecentMenu } from './StartPage';

function ToolButton({ label, icon, keys, command, title, disabled }: { label: string; icon: ReactNode; keys?: string; command: AppCommand; title?: string; disabled?: boolean }) {
  return (
    <Button className="icon-button" isDisabled={disabled ?? !command.enabled()} onPress={command.run} aria-keyshortcuts={keys?.replace(/Ctrl/g, 'Control')}>
      {icon}
      <span title={title ?? (keys ? `${label} (${keys})` : label)}>{label}</span>
    </Button>
  );
}

/**
 * What Undo and Redo would do now (their target kinds and labels, as one string): re-renders only
 * when that changes — when a model's undo stack or the workspace change stack changes it — not at
 * every keystroke that merely grows the same stack.
 */
function useUndoSignature(campaign: boolean, active: string | null): string {
  const services = useOptionalEditorServices();
  const store = useWorkspaceStore();
  const edits = workspaceEdits(store);
  const registry = services?.registry ?? null;
  const signature = useCallback((): string => {
    const sig = (redo: boolean): string => {
      const t = undoTarget(store, registry, redo, campaign);
      return t === null ? '-' : t.kind === 'workspace' ? `w:${t.label}` : `m:${t.path}`;
    };
    // The active path is part of it: another tab's targets are other targets.
    return `${active ?? ''}|${sig(false)}|${sig(true)}|${edits.getState().busy ? 1 : 0}`;
  }, [store, registry, campaign, edits, active]);
  const [value, setValue] = useState(signature);
  useEffect(() => {
    let frame = 0;
    const later = (): void => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setValue(signature()));
    };
    setValue(signature());
    const offEdits = edits.subscribe(() => setValue(signature()));
    const offModels = registry?.subscribeChanges(later);
    return () => {
      cancelAnimationFrame(frame);
      offEdits();
      offModels?.();
    };
  }, [signature, edits, registry]);
  return value;
}

/** Whether the active document has saved versions to show (History would do something). */
function useHasHistory(): boolean {
  const store = useWorkspaceStore();
  const { active, baseHash } = useStoreSelector((s) => ({ active: s.active, baseHash: activeTabOf(s)?.baseHash ?? null }));
  const [has, setHas] = useState(false);
  useEffect(() => {
    let live = true;
    if (!active) {
      setHas(false);
      return;
    }
    void store.api.listHistory(active).then((r) => live && setHas(r.ok && r.value.length > 0));
    return () => {
      live = false;
    };
  }, [store, active, baseHash]);
  return has;
}

/**
 * The window's banner: the workspace name (the page's h1), the main toolbar (a
 * react-aria-components `toolbar`: arrow keys move between its buttons) grouped by meaning —
 * file, edit, history and commands, with separators — and, after a separator, the Editor / Test
 * run switch. Save, Undo, Redo and History are disabled when they would do nothing; Undo and
 * Redo name the multi-file change they would undo.
 */
export function AppHeader({ commands }: { commands: Record<string, AppCommand> }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  // Re-rendered by what the buttons' states read (the commands' `enabled()`), never by the text.
  const { workspace, active } = useStoreSelector((s) => ({ workspace: s.workspace, ...selectActiveMeta(s) }));
  const { view } = useUi(ui);
  const services = useOptionalEditorServices();
  const hasHistory = useHasHistory();
  const campaign = view === 'editor' && campaignViewShown(store, ui);
  useUndoSignature(campaign, active);
  const undo = undoTarget(store, services?.registry ?? null, false, campaign);
  const redo = undoTarget(store, services?.registry ?? null, true, campaign);
  return (
    <header className="app-header">
      <h1 title={workspace?.root}>{workspace?.name}</h1>
      <Toolbar aria-label="Main" className="toolbar">
        <Group aria-label="File" className="toolbar-group">
          <RecentMenu />
          <NewDocument />
          <ToolButton label="Save" icon={<Save size={16} aria-hidden="true" />} keys="Ctrl+S" command={commands['file.save']!} />
          <ToolButton label="Save All" icon={<SaveAll size={16} aria-hidden="true" />} keys="Ctrl+Shift+S" command={commands['file.saveAll']!} />
        </Group>
        <Separator orientation="vertical" className="toolbar-sep" />
        <Group aria-label="Edit" className="toolbar-group">
          <ToolButton label="Undo" icon={<Undo2 size={16} aria-hidden="true" />} keys="Ctrl+Z" command={commands['edit.undo']!} title={undo?.kind === 'workspace' ? `Undo ${undo.label} (every file it changed)` : undefined} />
          <ToolButton label="Redo" icon={<Redo2 size={16} aria-hidden="true" />} keys="Ctrl+Shift+Z" command={commands['edit.redo']!} title={redo?.kind === 'workspace' ? `Redo ${redo.label}` : undefined} />
        </Group>
        <Separator orientation="vertical" className="toolbar-sep" />
        <Group aria-label="History and commands" className="toolbar-group">
          <ToolButton label="History" icon={<History size={16} aria-hidden="true" />} command={commands['file.history']!} disabled={!hasHistory} title={hasHistory ? 'Saved versions of this document' : 'No saved versions yet: each save keeps the previous one'} />
          <ToolButton label="Commands" icon={<Command size={16} aria-hidden="true" />} keys="Ctrl+Shift+P" command={commands['go.palette']!} />
        </Group>
      </Toolbar>
      <span className="toolbar-sep" aria-hidden="true" />
      <MainViewSwitch />
    </header>
  );
}
