// Placeholder until the forms land (issue 6); replaced by the forms work.
import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';

/** Props every form view receives from the editor tab that hosts it. */
export interface DocumentFormProps {
  path: string;
  text: string;
  /** Replace the document text; the host applies it to the Monaco model as one undoable edit. */
  onTextChange: (text: string) => void;
  diagnostics: Diagnostic[];
  model: WorkspaceModel | null;
}

/** The form view of a document. */
export function DocumentForm(props: DocumentFormProps) {
  return <p role="status">Form view for {props.path} is not available yet.</p>;
}
