/**
 * What each command of the keymap does in this window (issue 14), and whether it would do
 * anything now. The command palette, the toolbar and the global shortcuts all run these.
 */
import type { EditorServices } from '../monaco/editor-context';
import type { UiStore } from '../state/ui-store';
import { runUndo, undoTarget } from '../state/undo-route';
import type { WorkspaceStore } from '../state/workspace-store';

/** A runnable command. */
export interface AppCommand {
  run: () => void;
  /** False when it would do nothing now (shown disabled). */
  enabled: () => boolean;
}

/** What the commands need from the window. */
export interface CommandContext {
  store: WorkspaceStore;
  ui: UiStore;
  services: () => EditorServices | null;
}

/** The active tab, if any. */
const activeTab = (store: WorkspaceStore) => {
  const s = store.getState();
  return s.tabs.find((t) => t.path === s.active) ?? null;
};

/** Whether the active tab shows its Campaign view (Undo/Redo then work on workspace changes). */
export const campaignViewShown = (store: WorkspaceStore, ui: UiStore): boolean => ui.getState().view === 'editor' && activeTab(store)?.view === 'campaign';

/** Runs an action of the YAML editor on the active document (switching to its YAML view first). */
function inEditor(ctx: CommandContext, action: string): void {
  const tab = activeTab(ctx.store);
  const editor = ctx.services()?.editor;
  if (!tab || !editor) return;
  ctx.ui.set({ view: 'editor' });
  if (tab.view !== 'yaml') ctx.store.patchTab(tab.path, { view: 'yaml' });
  requestAnimationFrame(() => {
    editor.focus();
    editor.trigger('palette', action, null);
  });
}

/** Every command by keymap id. */
export function appCommands(ctx: CommandContext): Record<string, AppCommand> {
  const { store, ui } = ctx;
  const always = (): boolean => true;
  const hasTab = (): boolean => activeTab(store) !== null;
  const registry = (): EditorServices['registry'] | null => ctx.services()?.registry ?? null;
  const undoable = (redo: boolean) => (): boolean => undoTarget(store, registry(), redo, campaignViewShown(store, ui)) !== null;
  const view = (v: 'yaml' | 'form') => (): void => {
    const tab = activeTab(store);
    if (!tab) return;
    ui.set({ view: 'editor' });
    store.patchTab(tab.path, { view: v });
  };
  return {
    'file.save': { run: () => void (store.getState().active && store.save(store.getState().active!)), enabled: () => !!activeTab(store) && (activeTab(store)!.dirty || !!activeTab(store)!.banner) },
    'file.saveAll': { run: () => void store.saveAll(), enabled: () => store.getState().tabs.some((t) => t.dirty) },
    'file.new': { run: () => ui.set({ newDocument: ui.getState().newDocument + 1 }), enabled: always },
    'file.history': { run: () => ui.set({ historyOf: store.getState().active }), enabled: hasTab },
    'file.openWorkspace': { run: () => ui.set({ recentMenu: ui.getState().recentMenu + 1 }), enabled: always },
    'edit.undo': { run: () => void runUndo(store, registry(), false, campaignViewShown(store, ui)), enabled: undoable(false) },
    'edit.redo': { run: () => void runUndo(store, registry(), true, campaignViewShown(store, ui)), enabled: undoable(true) },
    'go.quickOpen': { run: () => ui.open({ kind: 'quickOpen' }), enabled: always },
    'go.search': { run: () => ui.set({ panel: 'search', panelOpen: true, searchFocus: ui.getState().searchFocus + 1 }), enabled: always },
    'go.palette': { run: () => ui.open({ kind: 'palette' }), enabled: always },
    'editor.rename': { run: () => inEditor(ctx, 'mortisphere.rename'), enabled: hasTab },
    'editor.definition': { run: () => inEditor(ctx, 'editor.action.revealDefinition'), enabled: hasTab },
    'editor.references': { run: () => inEditor(ctx, 'mortisphere.references'), enabled: hasTab },
    'editor.quickFix': { run: () => inEditor(ctx, 'editor.action.quickFix'), enabled: hasTab },
    'editor.hover': { run: () => inEditor(ctx, 'editor.action.showHover'), enabled: hasTab },
    'editor.tabFocus': {
      run: () => {
        const editor = ctx.services()?.editor;
        if (!editor) return;
        editor.focus();
        editor.trigger('palette', 'editor.action.toggleTabFocusMode', null);
        const on = !ui.getState().tabFocus;
        ui.set({ tabFocus: on });
        store.status(on ? 'Tab moves focus (Ctrl+M to type tabs again)' : 'Tab inserts indentation again (Ctrl+M: Tab moves focus)');
      },
      enabled: () => ctx.services()?.editor != null,
    },
    'view.explorer': { run: () => ui.set({ explorerOpen: !ui.getState().explorerOpen }), enabled: always },
    'view.panel': { run: () => ui.set({ panelOpen: !ui.getState().panelOpen }), enabled: always },
    'view.problems': { run: () => ui.showPanel('problems'), enabled: always },
    'view.editor': { run: () => ui.set({ view: 'editor' }), enabled: always },
    'view.testrun': { run: () => ui.set({ view: 'testrun' }), enabled: always },
    'view.yaml': { run: view('yaml'), enabled: hasTab },
    'view.form': { run: view('form'), enabled: hasTab },
    'tab.close': { run: () => store.getState().active && store.requestClose(store.getState().active!), enabled: hasTab },
    'help.welcome': {
      run: () => {
        ui.set({ welcome: true, view: 'editor' });
        store.set({ active: null });
      },
      enabled: always,
    },
  };
}
