import { Command, History, Redo2, Save, SaveAll, Undo2 } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Separator, Toolbar } from 'react-aria-components';
import type { AppCommand } from '../commands/app-commands';
import { campaignViewShown } from '../commands/app-commands';
import { useOptionalEditorServices } from '../monaco/editor-context';
import { uiStoreOf } from '../state/ui-store';
import { undoTarget } from '../state/undo-route';
import { useStoreState, useWorkspaceStore } from '../state/use-store';
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

/** Re-renders when the editor models' undo stacks or the workspace change stack change. */
function useUndoVersion(): number {
  const services = useOptionalEditorServices();
  const store = useWorkspaceStore();
  const edits = workspaceEdits(store);
  const stack = useSyncExternalStore(edits.subscribe, edits.getState, edits.getState);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!services) return;
    let frame = 0;
    return services.registry.subscribeChanges(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVersion((v) => v + 1));
    });
  }, [services]);
  return version + (stack.busy ? 1 : 0);
}

/** Whether the active document has saved versions to show (History would do something). */
function useHasHistory(): boolean {
  const store = useWorkspaceStore();
  const { active, tabs } = useStoreState();
  const baseHash = tabs.find((t) => t.path === active)?.baseHash ?? null;
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
  const state = useStoreState();
  const services = useOptionalEditorServices();
  useUndoVersion();
  const hasHistory = useHasHistory();
  const campaign = campaignViewShown(store, ui);
  const undo = undoTarget(store, services?.registry ?? null, false, campaign);
  const redo = undoTarget(store, services?.registry ?? null, true, campaign);
  return (
    <header className="app-header">
      <h1 title={state.workspace?.root}>{state.workspace?.name}</h1>
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
