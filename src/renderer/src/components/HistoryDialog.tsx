import { Button } from 'react-aria-components';
import { useEffect, useState } from 'react';
import type { HistoryVersion } from '../../../shared/api';
import { useWorkspaceStore } from '../state/use-store';
import { Dialog } from './Dialog';

/**
 * Lists the last saved versions of a file (`listHistory`) and restores one into the editor as a
 * single undoable edit (`readHistory`); the restored text is saved only when the user saves.
 */
export function HistoryDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const store = useWorkspaceStore();
  const [versions, setVersions] = useState<HistoryVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ id: string; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void store.api.listHistory(path).then((r) => {
      if (!live) return;
      if (r.ok) setVersions(r.value.slice(0, 10));
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [store, path]);

  const load = async (id: string): Promise<string | null> => {
    const r = await store.api.readHistory(path, id);
    if (!r.ok) {
      setError(r.error.message);
      return null;
    }
    return r.value;
  };
  const restore = async (id: string): Promise<void> => {
    const text = preview?.id === id ? preview.text : await load(id);
    if (text === null) return;
    if (!(await store.open(path))) return;
    store.applyText(path, text);
    store.status(`Restored a saved version of ${path}; save to keep it.`);
    onClose();
  };

  return (
    <Dialog title={`History of ${path}`} onCancel={onClose}>
      {error && (
        <p role="alert" className="inline-error">
          {error}
        </p>
      )}
      {versions === null && !error && <p>Loading…</p>}
      {versions && versions.length === 0 && <p>No saved versions yet. Each save keeps the previous version here.</p>}
      {versions && versions.length > 0 && (
        <ul className="history">
          {versions.map((v) => (
            <li key={v.id}>
              <span>{`${new Date(v.savedAt).toLocaleString()} — ${v.size} bytes`}</span>{' '}
              <Button
                aria-label={`Preview version of ${v.savedAt}`}
                onPress={() => void load(v.id).then((t) => t !== null && setPreview({ id: v.id, text: t }))}
              >
                Preview
              </Button>{' '}
              <Button aria-label={`Restore version of ${v.savedAt}`} onPress={() => void restore(v.id)}>
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
      {preview && (
        <pre className="preview" aria-label="Preview">
          {preview.text}
        </pre>
      )}
      <div className="dialog-actions">
        <Button onPress={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
