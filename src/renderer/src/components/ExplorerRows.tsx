import { ChevronRight } from 'lucide-react';
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { TreeItem, TreeItemContent } from 'react-aria-components';
import { countsLabel } from '../state/doc-groups';
import type { Counts } from '../state/doc-groups';
import { KindIcon } from './KindIcon';

/** The tree key of a group row. */
export const groupKey = (kind: string): string => `g:${kind}`;
/** The tree key of a document row. */
export const docKey = (path: string): string => `d:${path}`;

/**
 * The paths with unsaved edits, for the rows' marks. Through context, not in the rows' elements: a
 * row element that changes makes react-aria rebuild its collection and re-render every row, and a
 * document becomes unsaved on the first key of an edit.
 */
export const DirtyContext = createContext<ReadonlySet<string>>(new Set());

/** A group's row: its kind's icon and "Crews (3)"; its action opens or closes it. */
export function groupRow(kind: string, label: string, rows: ReactElement[], toggle: (kind: string) => void): ReactElement {
  return (
    // hasChildItems: said, so that react-aria does not count the group's rows on each render of it.
    <TreeItem
      key={kind}
      id={groupKey(kind)}
      textValue={label}
      className="tree-group"
      data-group={kind}
      hasChildItems={rows.length > 0}
      onAction={() => toggle(kind)}
    >
      <TreeItemContent>
        <span className="tree-heading">
          {/* Not a button: a click anywhere on the group row opens or closes it (its action), and
              a button per group made every row render cost more on each click in the tree. */}
          <ChevronRight size={14} aria-hidden="true" className="tree-chevron" />
          <KindIcon kind={kind} />
          {label}
        </span>
      </TreeItemContent>
      {rows}
    </TreeItem>
  );
}

/**
 * A document's row: its name, unsaved mark and problem counts, named in full for screen readers
 * ("The Iron Choir, crews/iron-choir.yaml, 1 error, unsaved").
 */
export function documentRow(path: string, name: string, c: Counts | undefined): ReactElement {
  const label = `${name}, ${path}, ${countsLabel(c)}`;
  return (
    <TreeItem key={path} id={docKey(path)} textValue={name} aria-label={label} className="tree-item" data-path={path}>
      <TreeItemContent>
        <span className="doc-name" title={path}>
          {name}
        </span>
        <UnsavedMark path={path} label={label} />
        {c && c.errors > 0 && (
          <span className="tree-badge error" aria-hidden="true">
            {c.errors}
          </span>
        )}
        {c && c.warnings > 0 && (
          <span className="tree-badge warning" aria-hidden="true">
            {c.warnings}
          </span>
        )}
      </TreeItemContent>
    </TreeItem>
  );
}

/**
 * The ● of an unsaved document, and ", unsaved" at the end of its row's name. The name is react-aria's
 * `aria-label` of the row, which only a new collection would change; so this mark, which re-renders
 * alone when the dirty set changes, writes the name on its row itself: after every render of the
 * row that sets the name (the row element's `label` changes with the name or counts, and React then
 * writes that label) and whenever the mark comes or goes.
 */
function UnsavedMark({ path, label }: { path: string; label: string }) {
  const dirty = useContext(DirtyContext).has(path);
  const mark = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    // Null in react-aria's hidden pass that builds the collection (no row there).
    const row = mark.current?.closest<HTMLElement>('[role="row"]');
    row?.setAttribute('aria-label', dirty ? `${label}, unsaved` : label);
  }, [dirty, label]);
  return (
    <span ref={mark} className={dirty ? 'dirty' : undefined} aria-hidden="true">
      {dirty ? '●' : null}
    </span>
  );
}
