import { Button } from 'react-aria-components';
import { dismissReadOnly, overwriteReadOnly } from '../state/save';
import type { TabState } from '../state/store-types';
import { useWorkspaceStore } from '../state/use-store';

/**
 * The `alert` shown above a tab whose save was refused because the file is read-only on disk:
 * "Overwrite anyway" makes it writable and saves (as VS Code's "Overwrite" does), "Cancel" keeps it
 * read-only with the edits unsaved.
 */
export function ReadOnlyBanner({ tab }: { tab: TabState }) {
  const store = useWorkspaceStore();
  if (!tab.readOnly) return null;
  return (
    <div role="alert" className="banner">
      <span className="banner-text">{`${tab.path} is read-only on disk, so it was not saved. Overwrite it anyway (it becomes writable), or cancel and keep your edits unsaved.`}</span>
      <span className="banner-actions">
        <Button className="banner-button" onPress={() => void overwriteReadOnly(store, tab.path)}>
          Overwrite anyway
        </Button>
        <Button className="banner-button" onPress={() => dismissReadOnly(store, tab.path)}>
          Cancel
        </Button>
      </span>
    </div>
  );
}
