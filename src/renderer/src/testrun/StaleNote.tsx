import { Button } from 'react-aria-components';
import { RefreshCw } from 'lucide-react';

/** Props of {@link StaleNote}. */
export interface StaleNoteProps {
  /** What is stale, with its verb: "This battle was", "These results were". */
  what: string;
  /** Files changed since it was computed. */
  files: string[];
  onRerun: () => void;
  /** Disables the button (a job is running). */
  busy?: boolean;
}

/** "Computed before your last edit" with the files that changed and a one-click re-run (issue 11, item 1). */
export function StaleNote({ what, files, onRerun, busy }: StaleNoteProps) {
  const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
  return (
    <div role="status" className="tr-stale">
      {`${what} computed before your last edit (${shown} changed since).`}{' '}
      <Button className="button-secondary" isDisabled={busy} onPress={onRerun}>
        <RefreshCw aria-hidden="true" size={14} /> Re-run on the current documents
      </Button>
    </div>
  );
}
