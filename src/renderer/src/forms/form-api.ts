/**
 * What every form component gets: the parsed data, edits that go through the doc-edit layer
 * (one `onTextChange` per user action, so one undo step), and the diagnostics placed per field.
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import { deleteIn, insertIn, moveIn, pathKey, setIn } from '../../../shared/doc-edit';
import type { DocPath, EditValue } from '../../../shared/doc-edit';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { Result } from '../../../shared/result';
import { getIn } from './data';

/** One form edit, as data. */
export type FormEdit =
  | { op: 'set'; path: DocPath; value: EditValue | undefined }
  | { op: 'insert'; path: DocPath; index: number; value: EditValue }
  | { op: 'delete'; path: DocPath }
  | { op: 'move'; path: DocPath; from: number; to: number };

/** The handle a form component edits and reads through. */
export interface FormApi {
  /** Path of the file being edited (for ids and messages). */
  file: string;
  /** The parsed document, as a plain object (`{}` when the root is not a map). */
  data: Record<string, unknown>;
  model: WorkspaceModel | null;
  /** Applies the edits in order as ONE text change; shows the first failure instead. */
  apply: (...edits: FormEdit[]) => void;
  set: (path: DocPath, value: EditValue | undefined) => void;
  insert: (path: DocPath, index: number, value: EditValue) => void;
  remove: (path: DocPath) => void;
  move: (path: DocPath, from: number, to: number) => void;
  /**
   * Sets an id field. When the host watches id changes (`onIdChange`), it decides: rename the
   * id everywhere (after a preview), or change only this field (`apply`).
   */
  setId: (path: DocPath, value: string) => void;
  /** Diagnostics placed at exactly this field. */
  messages: (path: DocPath) => Diagnostic[];
  /** DOM id of the control for `path` (stable, unique within the form). */
  idFor: (path: DocPath) => string;
}

/** Applies edits to a text in order; stops at the first failure. Pure. */
export function applyEdits(text: string, edits: readonly FormEdit[]): Result<string> {
  let current = text;
  for (const e of edits) {
    const r =
      e.op === 'set' ? setIn(current, e.path, e.value)
      : e.op === 'insert' ? insertIn(current, e.path, e.index, e.value)
      : e.op === 'delete' ? deleteIn(current, e.path)
      : moveIn(current, e.path, e.from, e.to);
    if (!r.ok) return r;
    current = r.value;
  }
  return { ok: true, value: current };
}

/** DOM-safe id for a field: `f-<file>-<path>` with anything unusual replaced. */
export const fieldId = (file: string, path: DocPath): string =>
  `f-${file}-${pathKey(path)}`.replace(/[^A-Za-z0-9_-]/g, '_');

/** An id field changed in a form: the host may turn it into a rename everywhere. */
export interface IdChange {
  /** Path of the id field in the document. */
  path: DocPath;
  oldId: string;
  newId: string;
  /** Changes only this field (no rename). */
  apply: () => void;
}

/** Builds a FormApi over a text. `commit` receives each new full text; `fail` each edit error message. */
export function createFormApi(opts: {
  file: string;
  text: string;
  data: unknown;
  model: WorkspaceModel | null;
  placed: Map<string, Diagnostic[]>;
  commit: (text: string) => void;
  fail: (message: string) => void;
  onIdChange?: (change: IdChange) => void;
}): FormApi {
  let latest = opts.text;
  const apply = (...edits: FormEdit[]): void => {
    const r = applyEdits(latest, edits);
    if (!r.ok) {
      opts.fail(r.error.message);
      return;
    }
    if (r.value === latest) return;
    latest = r.value;
    opts.commit(r.value);
  };
  const data = typeof opts.data === 'object' && opts.data !== null && !Array.isArray(opts.data) ? (opts.data as Record<string, unknown>) : {};
  return {
    file: opts.file,
    data,
    model: opts.model,
    apply,
    set: (path, value) => apply({ op: 'set', path, value }),
    insert: (path, index, value) => apply({ op: 'insert', path, index, value }),
    remove: (path) => apply({ op: 'delete', path }),
    move: (path, from, to) => apply({ op: 'move', path, from, to }),
    setId: (path, value) => {
      const old = getIn(data, path);
      const set = (): void => apply({ op: 'set', path, value });
      if (opts.onIdChange && typeof old === 'string' && old !== '' && old !== value) opts.onIdChange({ path, oldId: old, newId: value, apply: set });
      else set();
    },
    messages: (path) => opts.placed.get(pathKey(path)) ?? [],
    idFor: (path) => fieldId(opts.file, path),
  };
}
