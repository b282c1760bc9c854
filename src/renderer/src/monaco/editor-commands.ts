/**
 * Keyboard commands of the YAML editor (issue 14): F2 renames the id under the cursor
 * everywhere (with a preview), Shift+F12 lists every reference in the References panel, Ctrl+M
 * toggles "Tab moves focus" (shown in the status bar), Escape then Tab (or Shift+Tab) leaves the
 * editor, and Undo/Redo undo a saved multi-file change as a whole when it was the last change of
 * this document.
 */
import type * as Monaco from 'monaco-editor';
import { languageNow } from '../state/language-loader';
import type { UiStore } from '../state/ui-store';
import { runUndo } from '../state/undo-route';
import type { WorkspaceStore } from '../state/workspace-store';
import type { EditorServices } from './editor-context';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses the next (or previous) focusable element outside `container`, in document order. */
export function focusOutside(container: HTMLElement, backwards: boolean): boolean {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !container.contains(el) && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
  const after = all.filter((el) => container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = all.filter((el) => container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  const target = backwards ? before.at(-1) : after[0];
  target?.focus();
  return !!target;
}

/** Installs the commands on one editor; dispose removes them. */
export function installEditorCommands(services: EditorServices, editor: Monaco.editor.IStandaloneCodeEditor, store: WorkspaceStore, ui: UiStore): Monaco.IDisposable {
  const { monaco, registry } = services;
  const { KeyCode, KeyMod } = monaco;
  const disposables: Monaco.IDisposable[] = [];
  const pathAndOffset = (): { path: string; offset: number } | null => {
    const model = editor.getModel();
    const pos = editor.getPosition();
    const path = registry.pathOf(model);
    return model && pos && path ? { path, offset: model.getOffsetAt(pos) } : null;
  };

  disposables.push(
    editor.addAction({
      id: 'mortisphere.rename',
      label: 'Rename this id everywhere',
      keybindings: [KeyCode.F2],
      contextMenuGroupId: '1_modification',
      run: async () => {
        const at = pathAndOffset();
        if (!at) return;
        const { index } = await languageNow(store);
        const o = index.at(at.path, at.offset);
        if (!o) return store.status('Put the cursor on an id (a crew, member, Area, objective, ability, item, type, scenario, ruleset or campaign) to rename it.', true);
        ui.open({ kind: 'rename', request: { symbol: o.symbol, newId: o.symbol.id, origin: 'editor' } });
      },
    }),
    editor.addAction({
      id: 'mortisphere.references',
      label: 'Find all references',
      keybindings: [KeyMod.Shift | KeyCode.F12],
      contextMenuGroupId: 'navigation',
      run: async () => {
        const at = pathAndOffset();
        if (!at) return;
        const { m, index } = await languageNow(store);
        const r = m.referencesAt(index, at.path, at.offset);
        if (!r) return store.status('Put the cursor on an id to find where it is used.', true);
        ui.set({ references: r });
        ui.showPanel('references');
      },
    }),
  );

  // Ctrl+M: Tab moves focus (Monaco's own mode), shown in the status bar.
  const toggleTabFocus = (): void => {
    editor.trigger('keyboard', 'editor.action.toggleTabFocusMode', null);
    const on = !ui.getState().tabFocus;
    ui.set({ tabFocus: on });
    store.status(on ? 'Tab moves focus (Ctrl+M to type tabs again)' : 'Tab inserts indentation again (Ctrl+M: Tab moves focus)');
  };
  editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyM, toggleTabFocus);

  // Escape, then Tab: leave the editor (the next key after Escape decides).
  const escaped = editor.createContextKey<boolean>('mortisphereEscaped', false);
  disposables.push(
    editor.onKeyDown((e) => {
      if (e.keyCode === KeyCode.Escape) escaped.set(true);
      else if (e.keyCode !== KeyCode.Tab && e.keyCode !== KeyCode.Shift) escaped.set(false);
    }),
    editor.onDidBlurEditorText(() => escaped.set(false)),
  );
  const leave = (backwards: boolean): void => {
    escaped.set(false);
    const dom = editor.getContainerDomNode();
    focusOutside(dom.closest('.monaco-host') ?? dom, backwards);
  };
  editor.addCommand(KeyCode.Tab, () => leave(false), 'mortisphereEscaped');
  editor.addCommand(KeyMod.Shift | KeyCode.Tab, () => leave(true), 'mortisphereEscaped');

  // Undo/Redo: a saved multi-file change is undone as one.
  const inEditor = (redo: boolean): boolean => {
    if (registry.pathOf(editor.getModel()) !== store.getState().active) return false;
    editor.trigger('keyboard', redo ? 'redo' : 'undo', null);
    return true;
  };
  const undo = (redo: boolean) => (): void => void runUndo(store, registry, redo, false, inEditor);
  editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, undo(false));
  editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, undo(true));
  editor.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, undo(true));

  return { dispose: () => disposables.forEach((d) => d.dispose()) };
}
