import { Button } from 'react-aria-components';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { Dialog } from './Dialog';
import { tabLabel } from './TabBar';

/** Asks Save / Don't save / Cancel before closing a tab with unsaved edits. */
export function CloseDialog() {
  const store = useWorkspaceStore();
  const closePrompt = useStoreSelector((s) => s.closePrompt);
  if (!closePrompt) return null;
  const name = tabLabel(closePrompt);
  return (
    <Dialog title={`Save changes to ${name}?`} onCancel={() => void store.answerClose('cancel')}>
      <p>
        <span className="mono">{closePrompt}</span> has unsaved edits. They are lost if you close it without saving.
      </p>
      <div className="dialog-actions">
        <Button onPress={() => void store.answerClose('save')}>
          Save
        </Button>
        <Button onPress={() => void store.answerClose('discard')}>
          Don&apos;t save
        </Button>
        <Button onPress={() => void store.answerClose('cancel')}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
