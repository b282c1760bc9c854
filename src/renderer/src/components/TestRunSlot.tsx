import { lazy, Suspense, useSyncExternalStore } from 'react';
import { campaignBridge } from '../campaign/campaign-bridge';
import { uiStoreOf } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';

// A chunk of its own (issue 15): the Test run view (and recharts with it), loaded when first opened.
const TestRunPanel = lazy(() => import('../testrun/index').then((m) => ({ default: m.TestRunPanel })));

/**
 * The Test run view with what it needs from the workspace (the model, the diagnostics, the root)
 * and the campaign bridge. It subscribes to those itself, so the window's frame does not
 * re-render when a validation answer arrives.
 */
export function TestRunSlot() {
  const store = useWorkspaceStore();
  const { model, diagnostics, workspace } = useStoreSelector((s) => ({ model: s.model, diagnostics: s.diagnostics, workspace: s.workspace }));
  const bridge = useSyncExternalStore(campaignBridge.subscribe, campaignBridge.getState, campaignBridge.getState);
  if (!workspace) return null;
  return (
    <Suspense
      fallback={
        <p className="loading" role="status">
          Loading the Test run view…
        </p>
      }
    >
      <TestRunPanel
        api={store.api}
        documents={() => store.documents()}
        model={model}
        diagnostics={diagnostics}
        workspaceRoot={workspace.root}
        openLocation={(file, line, column) => {
          uiStoreOf(store).set({ view: 'editor' });
          void store.openLocation(file, line, column);
        }}
        campaignPlay={bridge.play}
        onRecordInCampaign={(played) => campaignBridge.recordPlayed(played)}
      />
    </Suspense>
  );
}
