import { Button } from 'react-aria-components';
import { compare, keepMine, overwrite, reloadFromDisk } from '../state/disk-sync';
import type { TabState } from '../state/store-types';
import { useWorkspaceStore } from '../state/use-store';

/**
 * The `alert` shown above a tab whose file changed on disk while it has unsaved edits (or whose
 * save was refused as a conflict): Reload, Keep mine (or Overwrite), Compare; for a deleted file
 * Keep mine or Close.
 */
export function ChangeBanner({ tab }: { tab: TabState }) {
  const store = useWorkspaceStore();
  const b = tab.banner;
  if (!b) return null;
  const text =
    b.kind === 'deleted'
      ? `${tab.path} was deleted on disk. Keep your version (Save writes it again) or close it.`
      : b.kind === 'conflict'
        ? `${tab.path} changed on disk since you opened it, so it was not saved. Overwrite the disk with your version, reload the disk version, or compare them.`
        : `${tab.path} changed on disk. Reload the disk version, keep yours, or compare them.`;
  return (
    <div role="alert" className="banner">
      <span className="banner-text">{text}</span>
      <span className="banner-actions">
        {b.kind !== 'deleted' && (
          <Button onPress={() => reloadFromDisk(store, tab.path)}>
            Reload
          </Button>
        )}
        {b.kind === 'conflict' ? (
          <Button onPress={() => void overwrite(store, tab.path)}>
            Overwrite
          </Button>
        ) : (
          <Button onPress={() => keepMine(store, tab.path)}>
            Keep mine
          </Button>
        )}
        {b.kind !== 'deleted' ? (
          <Button onPress={() => compare(store, tab.path)}>
            Compare
          </Button>
        ) : (
          <Button onPress={() => store.close(tab.path)}>
            Close
          </Button>
        )}
      </span>
    </div>
  );
}
