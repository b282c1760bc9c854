import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent as ReactMouseEvent, ReactElement } from 'react';
import { Tree, Virtualizer } from 'react-aria-components';
import type { Key, Selection } from 'react-aria-components';
import { readCollapsed, writeCollapsed } from '../state/explorer-collapsed';
import type { CollapsedStorage } from '../state/explorer-collapsed';
import { countByFile, displayName, groupDocuments } from '../state/doc-groups';
import { afterPaint } from '../after-paint';
import { usePaintedValue } from '../use-painted-value';
import { readUnsaved, selectExplorer, shownDocuments } from '../state/explorer-view';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { ExplorerMenu } from './ExplorerMenu';
import { DirtyContext, docKey, documentRow, groupKey, groupRow } from './ExplorerRows';
import { ExplorerLayout } from './explorer-layout';
import './explorer.css';

const windowStorage = (): CollapsedStorage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);
/**
 * Above this many rows the tree is virtualized (only the rows in view are in the page), so a
 * click in a workspace of hundreds of documents stays quick; below it every row is in the page.
 */
export const VIRTUAL_ROWS = 200;
/** Row height of the virtualized tree, in px (explorer.css gives rows this height); one object, so that no render looks like new options. */
const LAYOUT_OPTIONS = { rowSize: 26 };
/** The document row an event came from (the context menu is that document's; focus stays on rows). */
const rowOf = (target: EventTarget): HTMLElement | null =>
  (target as HTMLElement).closest<HTMLElement>('[data-path]');

/**
 * The workspace explorer: a react-aria `Tree` (a `treegrid` of `row`s, one Tab stop) of documents
 * grouped by kind, each group with its kind's icon. A document row is named by its name (the unsaved
 * one while its tab has edits), path, problem counts and "unsaved"; a group row by its heading,
 * "Crews (3)". The active document is the selected row. Keys (react-aria's): Up/Down/Home/End move,
 * Right opens a group, Left closes it or goes from a document to its group, a letter jumps to the
 * next name starting with it, Enter/Space (or a click) open; Shift+F10, the context-menu key or a
 * right click open the document's context menu. Closed groups are remembered per workspace
 * (state/explorer-collapsed.ts), so a reload or the next start shows them closed.
 * It re-renders only when what it shows changes (not on a keystroke that keeps the name), and the
 * react-aria tree under it only when its rows, selection or open groups change: react-aria gives
 * every row a new tree state on each render of the `Tree`, so each needless render re-renders every row.
 */
export const Explorer = memo(function Explorer({ storage = windowStorage() }: { storage?: CollapsedStorage }) {
  const store = useWorkspaceStore();
  const { documents, diagnostics, active, unsaved } = useStoreSelector(selectExplorer);
  // The shell remounts the explorer for another workspace, so the root read here stays right.
  const root = store.state.workspace?.root ?? '';
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => readCollapsed(storage, root));
  const remembered = useRef(collapsed);
  useEffect(() => {
    if (collapsed === remembered.current) return;
    remembered.current = collapsed;
    writeCollapsed(storage, root, collapsed);
  }, [collapsed, storage, root]);
  const [menu, setMenu] = useState<{ path: string; element: HTMLElement } | null>(null);
  // The dirty marks and unsaved names follow an edit just after the frame that paints it: the first
  // key of an edit marks its row, and re-rendering react-aria's rows then must not hold up that key.
  const shownUnsaved = usePaintedValue(unsaved);
  const { dirty, names } = useMemo(() => readUnsaved(shownUnsaved), [shownUnsaved]);
  const groups = useMemo(() => groupDocuments(shownDocuments(documents, names)), [documents, names]);
  // Problem counts follow a validation answer just after the frame that paints its markers in the
  // editor, for the same reason (a changed count re-renders every row).
  const shownDiagnostics = usePaintedValue(diagnostics);
  const counts = useMemo(() => countByFile(shownDiagnostics), [shownDiagnostics]);
  const expanded = useMemo(
    () => groups.filter((g) => !collapsed.has(g.key)).map((g) => groupKey(g.key)),
    [groups, collapsed],
  );
  const groupKeys = useMemo(() => groups.map((g) => groupKey(g.key)), [groups]);

  // The selected row follows the active tab just after the frame that shows that tab: moving
  // react-aria's selection re-renders every row, which must not delay that frame.
  const shownActive = usePaintedValue(active);
  const selectedKeys = useMemo(() => (shownActive ? [docKey(shownActive)] : []), [shownActive]);

  const toggle = useCallback(
    (kind: string): void =>
      setCollapsed((prev) => {
        const next = new Set(prev);
        if (!next.delete(kind)) next.add(kind);
        return next;
      }),
    [],
  );
  const onExpandedChange = useCallback(
    (keys: Set<Key>): void =>
      setCollapsed(new Set(groups.filter((g) => !keys.has(groupKey(g.key))).map((g) => g.key))),
    [groups],
  );
  const onSelectionChange = useCallback(
    (keys: Selection): void => {
      if (keys === 'all') return;
      const [key] = [...keys];
      if (typeof key === 'string' && key.startsWith('d:')) void store.open(key.slice(2));
    },
    [store],
  );
  // Tree takes no onKeyDown prop (its keys are react-aria's), so the menu keys are heard natively.
  const treeRef = useRef<HTMLDivElement>(null);
  const empty = documents.length === 0;
  // By every row, collapsed or not: closing a group must not remount the tree (focus would go).
  const virtual = documents.length + groups.length > VIRTUAL_ROWS;
  useEffect(() => {
    const tree = treeRef.current;
    if (!tree) return;
    const onKeyDown = (e: KeyboardEvent): void => {
      if (!((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') || !e.target) return;
      const row = rowOf(e.target);
      if (!row) return;
      e.preventDefault();
      e.stopPropagation();
      setMenu({ path: row.dataset.path!, element: row });
    };
    // A plain left press on a document row opens it here, as react-aria would (on press, not on
    // release), but without react-aria's press handling: that moves focus and selection in two more
    // renders of every row before the document's tab can show. A plain left press on a group row
    // opens or closes the group here, for the same reason (react-aria would move focus on the press
    // and toggle on the release: two renders of every row). The row takes focus after the click
    // that ends the press, and the selection follows the active tab after the next frame. Keys,
    // touch, pen, modified and virtual (screen reader) clicks still go through react-aria.
    const plainPressRow = (e: MouseEvent): HTMLElement | null => {
      if (e.button !== 0 || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey || !e.target) return null;
      if (e instanceof PointerEvent && e.pointerType !== 'mouse') return null;
      return (e.target as HTMLElement).closest<HTMLElement>('[data-path], [data-group]');
    };
    let pressed: HTMLElement | null = null;
    const onPointerDown = (e: PointerEvent): void => {
      pressed = plainPressRow(e);
      if (!pressed) return;
      e.stopPropagation();
      const { path, group } = pressed.dataset;
      if (path !== undefined) void store.open(path);
      else if (group !== undefined) toggle(group);
    };
    const onMouseDown = (e: MouseEvent): void => {
      if (!pressed || plainPressRow(e) !== pressed) return;
      e.preventDefault(); // no native focus while the tab renders: the row takes it on the click
      e.stopPropagation();
    };
    // The row takes focus just after the next frame: a quick click (a trackpad tap, a script) ends
    // before the frame with the new tab, and focusing the row then would re-render every row first
    // (and make React run the last render's effects, such as the editor's model switch, before it too).
    let cancelFocus = (): void => undefined;
    const onClick = (e: MouseEvent): void => {
      const row = pressed;
      pressed = null;
      if (!row || e.detail === 0 || plainPressRow(e) !== row) return;
      e.stopPropagation();
      const before = document.activeElement;
      cancelFocus();
      cancelFocus = afterPaint(() => {
        // Unless something else took focus meanwhile (a key, a dialog, the editor); a closed group's
        // focused row left the page, which is not that.
        const untouched = document.activeElement === before || (!before?.isConnected && document.activeElement === document.body);
        if (row.isConnected && untouched && !row.contains(document.activeElement)) row.focus();
      });
    };
    tree.addEventListener('keydown', onKeyDown);
    tree.addEventListener('pointerdown', onPointerDown);
    tree.addEventListener('mousedown', onMouseDown);
    tree.addEventListener('click', onClick);
    return () => {
      tree.removeEventListener('keydown', onKeyDown);
      tree.removeEventListener('pointerdown', onPointerDown);
      tree.removeEventListener('mousedown', onMouseDown);
      tree.removeEventListener('click', onClick);
      cancelFocus();
    };
  }, [empty, virtual, store, toggle]);
  const onContextMenu = useCallback((e: ReactMouseEvent<HTMLDivElement>): void => {
    const row = rowOf(e.target);
    if (!row) return;
    e.preventDefault();
    row.focus();
    setMenu({ path: row.dataset.path!, element: row });
  }, []);

  // The rows only change with the documents, their names and counts: kept as the same elements
  // otherwise, so react-aria does not rebuild its collection when only the selection moves or a
  // document becomes unsaved (its mark follows the dirty set through context, ExplorerRows.tsx).
  // Each row keeps its element while its name and counts stay, and the whole list is
  // the same array while no row changed: react-aria then re-renders nothing when a validation
  // answer brings new diagnostics with the same counts, and re-builds only the changed rows' nodes
  // when one count changes.
  const rowCache = useRef(new Map<string, { sig: string; row: ReactElement }>());
  const lastItems = useRef<{ sig: string; items: ReactElement[] } | null>(null);
  const items = useMemo(() => {
    const cache = rowCache.current;
    const seen = new Set<string>();
    let listSig = '';
    const built = groups.map((g) => {
      const rows = g.entries.map((d) => {
        const c = counts.get(d.path);
        const name = displayName(d);
        const sig = `${name}\u0000${c?.errors ?? 0}\u0000${c?.warnings ?? 0}`;
        listSig += `${d.path}\u0000${sig}\u0001`;
        seen.add(d.path);
        const hit = cache.get(d.path);
        if (hit && hit.sig === sig) return hit.row;
        const row = documentRow(d.path, name, c);
        cache.set(d.path, { sig, row });
        return row;
      });
      listSig += `${g.key}\u0002`;
      return groupRow(g.key, `${g.label} (${g.entries.length})`, rows, toggle);
    });
    for (const path of [...cache.keys()]) if (!seen.has(path)) cache.delete(path);
    const last = lastItems.current;
    if (last && last.sig === listSig) return last.items;
    lastItems.current = { sig: listSig, items: built };
    return built;
  }, [groups, counts, toggle]);

  const view = useMemo(() => {
    const tree = (
      <Tree
        aria-label="Explorer"
        className={virtual ? 'tree tree-virtual' : 'tree'}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
        disabledKeys={groupKeys}
        disabledBehavior="selection"
        expandedKeys={expanded}
        onExpandedChange={onExpandedChange}
        ref={treeRef}
        onContextMenu={onContextMenu}
      >
        {items}
      </Tree>
    );
    return virtual ? (
      <Virtualizer layout={ExplorerLayout} layoutOptions={LAYOUT_OPTIONS}>
        {tree}
      </Virtualizer>
    ) : (
      tree
    );
  }, [virtual, selectedKeys, onSelectionChange, groupKeys, expanded, onExpandedChange, onContextMenu, items]);

  if (empty) return <p className="empty">No documents in this workspace yet.</p>;
  return (
    <DirtyContext.Provider value={dirty}>
      {view}
      {menu && <ExplorerMenu path={menu.path} anchor={menu.element} onClose={() => setMenu(null)} />}
    </DirtyContext.Provider>
  );
});
