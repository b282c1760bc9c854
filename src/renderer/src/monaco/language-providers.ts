/**
 * Monaco adapters of the language features (src/shared/language, issue 14): hover on an id,
 * go to definition across files (F12, Ctrl+click), quick fixes for the validator's
 * suggestions (Ctrl+., the lightbulb). The answers come from the shared pure functions; this
 * file only converts positions and opens other files through the store.
 */
import type * as Monaco from 'monaco-editor';
import type { Diagnostic } from '../../../shared/diagnostics';
import { languageNow } from '../state/language-loader';
import { createFromTemplate } from '../state/create-missing';
import type { WorkspaceStore } from '../state/workspace-store';
import type { ModelRegistry } from './model-registry';
import { MARKER_OWNER } from './model-registry';
import { modelUri } from './schema-config';

/** Command id of the "create it from the template" quick fix. */
export const CREATE_COMMAND = 'mortisphere.createFromTemplate';

/** Escapes text for Monaco's Markdown (names are the user's: shown literally). */
const md = (s: string): string => s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');

/** The workspace path of a model URI `file:///mortisphere/<kind>/<path>`, or null. */
export function pathOfUri(uri: { path: string }): string | null {
  const m = /^\/mortisphere\/[^/]+\/(.+)$/.exec(uri.path);
  return m ? m[1].split('/').map(decodeURIComponent).join('/') : null;
}

/** Registers the providers once for the YAML language; returns a disposable of them all. */
export function registerLanguageProviders(monaco: typeof Monaco, store: WorkspaceStore, registry: ModelRegistry): Monaco.IDisposable {
  const disposables: Monaco.IDisposable[] = [];
  const pathOf = (model: Monaco.editor.ITextModel): string | null => registry.pathOf(model);
  const toRange = (p: { line: number; column: number; endLine: number; endColumn: number }) => new monaco.Range(p.line, p.column, p.endLine, p.endColumn);

  disposables.push(
    monaco.languages.registerHoverProvider('yaml', {
      async provideHover(model, position) {
        const path = pathOf(model);
        if (!path) return null;
        const { m, index } = await languageNow(store);
        const offset = model.getOffsetAt(position);
        const o = index.at(path, offset);
        if (!o) return null;
        const lines = m.hoverLines(index, o.symbol);
        const p = m.placeOf(index, o);
        return { range: toRange(p), contents: [{ value: `**${md(lines[0] ?? '')}**` }, ...(lines.length > 1 ? [{ value: lines.slice(1).map(md).join('  \n') }] : [])] };
      },
    }),
    monaco.languages.registerDefinitionProvider('yaml', {
      async provideDefinition(model, position) {
        const path = pathOf(model);
        if (!path) return null;
        const { m, index } = await languageNow(store);
        const places = m.definitionAt(index, path, model.getOffsetAt(position));
        return places.map((p) => ({ uri: monaco.Uri.parse(modelUri(index.kindOf(p.file), p.file)), range: toRange(p) }));
      },
    }),
    // Another document's definition opens its tab at the place.
    monaco.editor.registerEditorOpener({
      openCodeEditor(_source, resource, selectionOrPosition) {
        const path = pathOfUri(resource);
        if (!path) return false;
        const at = selectionOrPosition && 'startLineNumber' in selectionOrPosition ? { line: selectionOrPosition.startLineNumber, column: selectionOrPosition.startColumn } : selectionOrPosition && 'lineNumber' in selectionOrPosition ? { line: selectionOrPosition.lineNumber, column: selectionOrPosition.column } : { line: 1, column: 1 };
        void store.openLocation(path, at.line, at.column);
        return true;
      },
    }),
    monaco.editor.registerCommand(CREATE_COMMAND, (_accessor, kind: string, id: string) => void createFromTemplate(store, kind, id)),
    monaco.languages.registerCodeActionProvider(
      'yaml',
      {
        async provideCodeActions(model, _range, context) {
          const path = pathOf(model);
          const ours = context.markers.filter((mk) => mk.source === MARKER_OWNER);
          if (!path || ours.length === 0) return { actions: [], dispose: () => undefined };
          const { m } = await languageNow(store);
          const text = model.getValue();
          const diagnostics = store.getState().diagnostics.filter((d) => d.file === path);
          const actions: Monaco.languages.CodeAction[] = [];
          for (const marker of ours) {
            const d: Diagnostic | undefined = diagnostics.find((x) => x.line === marker.startLineNumber && x.column === marker.startColumn && x.message === marker.message);
            if (!d) continue;
            for (const fix of m.quickFixes(d, text)) {
              if (fix.kind === 'create') {
                actions.push({ title: fix.title, kind: 'quickfix', diagnostics: [marker], command: { id: CREATE_COMMAND, title: fix.title, arguments: [fix.create.kind, fix.create.id] } });
                continue;
              }
              const edits = fix.edits.map((e) => {
                const a = model.getPositionAt(e.start);
                const b = model.getPositionAt(e.end);
                return { resource: model.uri, versionId: model.getVersionId(), textEdit: { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: e.text } };
              });
              actions.push({ title: fix.title, kind: 'quickfix', diagnostics: [marker], isPreferred: fix.preferred === true, edit: { edits } });
            }
          }
          return { actions, dispose: () => undefined };
        },
      },
      { providedCodeActionKinds: ['quickfix'] },
    ),
  );
  return { dispose: () => disposables.forEach((d) => d.dispose()) };
}
