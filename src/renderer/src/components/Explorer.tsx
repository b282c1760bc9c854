import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { countByFile, countsLabel, displayName, groupDocuments } from '../state/doc-groups';
import { useStoreState, useWorkspaceStore } from '../state/use-store';

/**
 * The workspace explorer: a `tree` of documents grouped by kind, each `treeitem` named by the
 * document's name, path and its error/warning counts. Enter/Space or click opens the document;
 * arrow keys move between items, Left/Right collapse and expand groups. Names render as text.
 */
export function Explorer() {
  const store = useWorkspaceStore();
  const { documents, diagnostics, active, tabs } = useStoreState();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const treeRef = useRef<HTMLUListElement>(null);
  const groups = useMemo(() => groupDocuments(documents), [documents]);
  const counts = useMemo(() => countByFile(diagnostics), [diagnostics]);
  const dirty = new Set(tabs.filter((t) => t.dirty).map((t) => t.path));

  const toggle = (key: string, open?: boolean): void =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      const isOpen = !next.has(key);
      if (open ?? !isOpen) next.delete(key);
      else next.add(key);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    const items = [...(treeRef.current?.querySelectorAll<HTMLElement>('[role=treeitem]') ?? [])].filter(
      (el) => el.offsetParent !== null || el.getAttribute('data-group') !== null,
    );
    const i = items.indexOf(document.activeElement as HTMLElement);
    const el = items[i];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[Math.max(0, Math.min(items.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    } else if ((e.key === 'Enter' || e.key === ' ') && el) {
      e.preventDefault();
      el.click();
    } else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && el?.dataset.group) {
      e.preventDefault();
      toggle(el.dataset.group, e.key === 'ArrowRight');
    }
  };

  if (documents.length === 0) return <p className="empty">No documents in this workspace yet.</p>;
  return (
    <ul role="tree" aria-label="Explorer" className="tree" ref={treeRef} onKeyDown={onKeyDown}>
      {groups.map((g, gi) => {
        const open = !collapsed.has(g.key);
        return (
          <li
            key={g.key}
            role="treeitem"
            aria-expanded={open}
            aria-label={`${g.label} (${g.entries.length})`}
            data-group={g.key}
            tabIndex={gi === 0 ? 0 : -1}
            className="tree-group"
            onClick={(e) => {
              if (e.target === e.currentTarget || (e.target as HTMLElement).dataset.heading) toggle(g.key);
            }}
          >
            <span data-heading="1" className="tree-heading" aria-hidden="true">
              {open ? '▾' : '▸'} {g.label}
            </span>
            {open && (
              <ul role="group">
                {g.entries.map((d) => {
                  const c = counts.get(d.path);
                  const name = displayName(d);
                  const problems = countsLabel(c);
                  return (
                    <li
                      key={d.path}
                      role="treeitem"
                      aria-selected={active === d.path}
                      aria-label={`${name}, ${d.path}, ${problems}${dirty.has(d.path) ? ', unsaved' : ''}`}
                      tabIndex={-1}
                      className={`tree-item${active === d.path ? ' selected' : ''}`}
                      title={d.path}
                      onClick={(e) => {
                        e.stopPropagation();
                        void store.open(d.path);
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
  );
}
