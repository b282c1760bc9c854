import { ChevronDown, ChevronRight } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { DocumentEntry } from '../../../shared/api';
import { countByFile, countsLabel, displayName, groupDocuments, nameFromText } from '../state/doc-groups';
import { useStoreState, useWorkspaceStore } from '../state/use-store';
import { ExplorerMenu } from './ExplorerMenu';

/** The visible rows of the tree, in order: group headings and (open groups') documents. */
interface Row {
  key: string;
  group: string;
  path: string | null;
}

/**
 * The workspace explorer: a `tree` of documents grouped by kind (the WAI-ARIA tree pattern,
 * one Tab stop). Each document `treeitem` is named by its name (the unsaved one while its tab
 * has edits), path, problem counts and "unsaved"; a group by its heading. Keys: Up/Down move,
 * Right opens a group or enters it, Left closes it or goes to its group, Home/End go to the first
 * and last row, a letter jumps to the next name starting with it, Enter/Space open, Shift+F10 or
 * the context-menu key (or a right click) open the context menu. Names render as text.
 */
export function Explorer() {
  const store = useWorkspaceStore();
  const { documents, diagnostics, active, tabs } = useStoreState();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ path: string; element: HTMLElement } | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  // While a tab has unsaved edits, the explorer shows the name those edits give the document.
  const unsavedNames = tabs.filter((t) => t.dirty).map((t) => [t.path, nameFromText(t.text)] as const);
  const namesKey = unsavedNames.map(([p, n]) => `${p}=${n ?? ''}`).join('|');
  const shown = useMemo(() => {
    const names = new Map(unsavedNames);
    return documents.map((d): DocumentEntry => (names.get(d.path) ? { ...d, name: names.get(d.path)! } : d));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documents, namesKey]);
  const groups = useMemo(() => groupDocuments(shown), [shown]);
  const counts = useMemo(() => countByFile(diagnostics), [diagnostics]);
  const dirty = new Set(tabs.filter((t) => t.dirty).map((t) => t.path));
  const rows: Row[] = groups.flatMap((g) => [{ key: `g:${g.key}`, group: g.key, path: null }, ...(collapsed.has(g.key) ? [] : g.entries.map((d) => ({ key: `d:${d.path}`, group: g.key, path: d.path })))]);
  const current = rows.find((r) => r.key === focused) ?? rows.find((r) => r.path !== null && r.path === active) ?? rows[0];

  const toggle = (key: string, open?: boolean): void =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      const isOpen = !next.has(key);
      if (open ?? !isOpen) next.delete(key);
      else next.add(key);
      return next;
    });
  const focusRow = (row: Row | undefined): void => {
    if (!row) return;
    setFocused(row.key);
    requestAnimationFrame(() => treeRef.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(row.key)}"]`)?.focus());
  };
  const openMenu = (path: string, element: HTMLElement): void => setMenu({ path, element });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
    const i = rows.findIndex((r) => r.key === el?.dataset.row);
    const row = rows[i];
    if (!row) return;
    const isGroup = row.path === null;
    const open = isGroup && !collapsed.has(row.group);
    const handled = (): void => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (e.key === 'ArrowDown') {
      handled();
      focusRow(rows[Math.min(rows.length - 1, i + 1)]);
    } else if (e.key === 'ArrowUp') {
      handled();
      focusRow(rows[Math.max(0, i - 1)]);
    } else if (e.key === 'Home') {
      handled();
      focusRow(rows[0]);
    } else if (e.key === 'End') {
      handled();
      focusRow(rows[rows.length - 1]);
    } else if (e.key === 'ArrowRight') {
      handled();
      if (isGroup && !open) toggle(row.group, true);
      else if (isGroup) focusRow(rows[i + 1]?.group === row.group ? rows[i + 1] : undefined);
    } else if (e.key === 'ArrowLeft') {
      handled();
      if (isGroup && open) toggle(row.group, false);
      else if (!isGroup) focusRow(rows.find((r) => r.path === null && r.group === row.group));
    } else if (e.key === 'Enter' || e.key === ' ') {
      handled();
      if (isGroup) toggle(row.group);
      else void store.open(row.path!);
    } else if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') {
      handled();
      if (!isGroup && el) openMenu(row.path!, el);
    } else if (e.key.length === 1 && /\S/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Type-ahead: the next row whose label starts with the letter.
      const labelOf = (r: Row): string => (r.path === null ? (groups.find((g) => g.key === r.group)?.label ?? '') : displayName(shown.find((d) => d.path === r.path)!));
      const order = [...rows.slice(i + 1), ...rows.slice(0, i + 1)];
      const hit = order.find((r) => labelOf(r).toLowerCase().startsWith(e.key.toLowerCase()));
      if (hit) {
        handled();
        focusRow(hit);
      }
    }
  };

  if (documents.length === 0) return <p className="empty">No documents in this workspace yet.</p>;
  return (
    <>
      <ul role="tree" aria-label="Explorer" className="tree" ref={treeRef} onKeyDown={onKeyDown}>
        {groups.map((g) => {
          const open = !collapsed.has(g.key);
          const headingId = `tree-heading-${g.key}`;
          const key = `g:${g.key}`;
          return (
            <li
              key={g.key}
              role="treeitem"
              aria-expanded={open}
              aria-labelledby={headingId}
              data-row={key}
              tabIndex={current?.key === key ? 0 : -1}
              className="tree-group"
              onFocus={(e) => e.target === e.currentTarget && setFocused(key)}
              onClick={(e) => {
                if (e.target === e.currentTarget || (e.target as HTMLElement).closest('[data-heading]')) {
                  setFocused(key);
                  toggle(g.key);
                }
              }}
            >
              <span data-heading="1" id={headingId} className="tree-heading">
                {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
                {`${g.label} (${g.entries.length})`}
              </span>
              {open && (
                <ul role="group">
                  {g.entries.map((d) => {
                    const c = counts.get(d.path);
                    const name = displayName(d);
                    const rowKey = `d:${d.path}`;
                    return (
                      <li
                        key={d.path}
                        role="treeitem"
                        aria-selected={active === d.path}
                        aria-label={`${name}, ${d.path}, ${countsLabel(c)}${dirty.has(d.path) ? ', unsaved' : ''}`}
                        data-row={rowKey}
                        tabIndex={current?.key === rowKey ? 0 : -1}
                        className={`tree-item${active === d.path ? ' selected' : ''}`}
                        title={d.path}
                        onFocus={() => setFocused(rowKey)}
                        onClick={(e) => {
                          e.stopPropagation();
                          setFocused(rowKey);
                          void store.open(d.path);
                        }}
                        onContextMenu={(e: MouseEvent<HTMLLIElement>) => {
                          e.preventDefault();
                          e.stopPropagation();
                          setFocused(rowKey);
                          openMenu(d.path, e.currentTarget);
                        }}
                      >
                        <span className="doc-name">{name}</span>
                        {dirty.has(d.path) && <span className="dirty" aria-hidden="true"> ●</span>}
                        {c && c.errors > 0 && (
                          <span className="badge error" aria-hidden="true">
                            {c.errors}
                          </span>
                        )}
                        {c && c.warnings > 0 && (
                          <span className="badge warning" aria-hidden="true">
                            {c.warnings}
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {menu && <ExplorerMenu path={menu.path} anchor={menu.element} onClose={() => setMenu(null)} />}
    </>
  );
}
