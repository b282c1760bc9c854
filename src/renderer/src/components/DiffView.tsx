import { Button } from 'react-aria-components';
import { useEffect, useRef } from 'react';
import { keepMine, reloadFromDisk } from '../state/disk-sync';
import { useEditorServices } from '../monaco/editor-context';
import type { Theme } from '../theme';
import { useWorkspaceStore } from '../state/use-store';

/**
 * Side-by-side Monaco diff: the disk version (left, read-only) against the tab's own model
 * (right, editable, same undo stack). Buttons resolve the banner or just close the comparison.
 */
export function DiffView({ path, diskText, theme }: { path: string; diskText: string; theme: Theme }) {
  const { monaco, registry } = useEditorServices();
  const store = useWorkspaceStore();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const modified = registry.get(path);
    if (!host.current || !modified) return;
    const original = monaco.editor.createModel(diskText, 'yaml');
    const diff = monaco.editor.createDiffEditor(host.current, {
      automaticLayout: true,
      renderSideBySide: true,
      originalEditable: false,
      readOnly: false,
      minimap: { enabled: false },
      ariaLabel: `Compare ${path}`,
    });
    diff.setModel({ original, modified });
    return () => {
      diff.setModel(null);
      diff.dispose();
      original.dispose();
    };
  }, [monaco, registry, path, diskText]);

  useEffect(() => {
    monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [monaco, theme]);

  const hasBanner = !!store.tab(path)?.banner;
  return (
    <section className="diff" aria-label={`Compare ${path}`}>
      <div className="diff-head">
        <span>
          Left: on disk — Right: yours (<span className="mono">{path}</span>)
        </span>
        {hasBanner && (
          <>
            <Button onPress={() => reloadFromDisk(store, path)}>
              Use disk version
            </Button>
            <Button
              onPress={() => {
                keepMine(store, path);
                store.set({ compare: null });
              }}
            >
              Keep mine
            </Button>
          </>
        )}
        <Button onPress={() => store.set({ compare: null })}>
          Close comparison
        </Button>
      </div>
      <div className="diff-host" ref={host} />
    </section>
  );
}
