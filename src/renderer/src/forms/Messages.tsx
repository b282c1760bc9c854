import type { Diagnostic } from '../../../shared/diagnostics';
import type { DocPath } from '../../../shared/doc-edit';
import type { FormApi } from './form-api';

/** Props shared by every field control. */
export interface FieldBase {
  form: FormApi;
  path: DocPath;
  /** Accessible name of the control, e.g. "Die of Warden-7". */
  label: string;
  disabled?: boolean;
}

/** Id of the message list of a field, for `aria-describedby`. */
export const messagesId = (form: FormApi, path: DocPath): string => `${form.idFor(path)}-msg`;

/** The ARIA attributes that tie a control to its messages (none when there are none). */
export function describedBy(form: FormApi, path: DocPath): { 'aria-describedby'?: string; 'aria-invalid'?: boolean } {
  const list = form.messages(path);
  if (list.length === 0) return {};
  return { 'aria-describedby': messagesId(form, path), 'aria-invalid': list.some((d) => d.severity === 'error') };
}

/** The same tie for the app's react-aria controls (`Picker`, `Check`): messages and invalid state. */
export function messageProps(form: FormApi, path: DocPath): { describedBy?: string; isInvalid?: boolean } {
  const aria = describedBy(form, path);
  return { describedBy: aria['aria-describedby'], isInvalid: aria['aria-invalid'] };
}

/** The diagnostics of one field, shown beside it (nothing when it has none). */
export function Messages({ form, path }: { form: FormApi; path: DocPath }) {
  const list = form.messages(path);
  if (list.length === 0) return null;
  return <MessageList id={messagesId(form, path)} list={list} />;
}

/** A list of diagnostics with their severity. */
export function MessageList({ id, list, label }: { id?: string; list: readonly Diagnostic[]; label?: string }) {
  return (
    <ul id={id} className="field-messages" aria-label={label}>
      {list.map((d, i) => (
        <li key={i} className={`msg ${d.severity}`}>
          <span className="sev">{d.severity}</span> {d.message} <span className="code">({d.code}, line {d.line})</span>
        </li>
      ))}
    </ul>
  );
}
