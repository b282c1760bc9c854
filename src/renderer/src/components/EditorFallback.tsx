import { activeTabOf } from '../state/selectors';
import { useStoreSelector } from '../state/use-store';
import { ChangeBanner } from './ChangeBanner';

/**
 * What the document area shows while the editor chunk (Monaco) loads: the active tab's text,
 * read-only, and a loading status — so restored tabs show their text at once (issue 15).
 */
export function EditorFallback() {
  const tab = useStoreSelector(activeTabOf);
  return (
    <div className="editor-pane" hidden={!tab}>
      {tab && <ChangeBanner tab={tab} />}
      <p className="loading" role="status">
        Loading the editor…
      </p>
      {tab && (
        <pre
          className="editor-fallback mono"
          aria-label={`Text of ${tab.path} (read-only until the editor has loaded)`}
        >
          {tab.text}
        </pre>
      )}
    </div>
  );
}
