// Placeholder until the test-run panel lands (issue 5); replaced by that work.
import type { Api, DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';

/** Props the app passes to the test-run panel. */
export interface TestRunPanelProps {
  api: Api;
  /** Current text of every workspace document, unsaved edits included. */
  documents: () => DocumentTexts;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  /** Opens a file at a place (used to link refused setups to their errors). */
  openLocation: (file: string, line: number, column: number) => void;
}

/** The test-run panel: play, simulate, compare, odds. */
export function TestRunPanel(_props: TestRunPanelProps) {
  return <p role="status">The test-run panel is not available yet.</p>;
}
