/**
 * The form view of a document (issue 6). The YAML text is the one source of truth: the form is
 * drawn from it on every render and each edit goes back as a new text through the doc-edit
 * layer, touching only the node it changes. While the text does not parse, the form shows the
 * problem and never writes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import { diagnosticsByPath, parseForEdit, placeDiagnostics } from '../../../shared/doc-edit';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { DOC_KINDS } from '../../../shared/model/types';
import type { DocKind } from '../../../shared/model/types';
import { Picker } from '../components/Picker';
import { CampaignForm } from './CampaignForm';
import { CrewForm } from './CrewForm';
import { CrewTypeForm } from './CrewTypeForm';
import { asString } from './data';
import { fieldPatterns } from './field-paths';
import { FormFlushersContext } from './fields';
import type { FormFlushers } from './fields';
import { createFormApi } from './form-api';
import type { FormApi, IdChange } from './form-api';
import { LibraryForm } from './LibraryForm';
import { MessageList } from './Messages';
import { RulesetForm } from './RulesetForm';
import { ScenarioForm } from './ScenarioForm';
import { WorkspaceForm } from './WorkspaceForm';
import './forms.css';

/** Props every form view receives from the editor tab that hosts it. */
export interface DocumentFormProps {
  path: string;
  text: string;
  /** Replace the document text; the host applies it to the Monaco model as one undoable edit. */
  onTextChange: (text: string) => void;
  diagnostics: Diagnostic[];
  model: WorkspaceModel | null;
  /** Undo in the host's editor (Ctrl+Z in the form); without it the form asks the shared Monaco editor. */
  onUndo?: () => void;
  /** Redo in the host's editor (Ctrl+Shift+Z or Ctrl+Y in the form). */
  onRedo?: () => void;
  /** An id field changed: the host may offer to rename the id everywhere (issue 14). */
  onIdChange?: (change: IdChange) => void;
  /** Registers a commit of edits still being typed, run before the host reads or saves the text. */
  registerFlush?: (flush: () => void) => () => void;
}

/** Keeps the fields' edits in flight and registers one flush for them with the host. */
function useFlushers(registerFlush: DocumentFormProps['registerFlush']): FormFlushers {
  const held = useRef(new Map<string, () => void>());
  const unregister = useRef<(() => void) | null>(null);
  const [flushers] = useState<FormFlushers>(() => ({
    hold(field, commit) {
      held.current.set(field, commit);
      if (!unregister.current && registerFlush) {
        unregister.current = registerFlush(() => {
          const all = [...held.current.values()];
          held.current.clear();
          unregister.current?.();
          unregister.current = null;
          for (const c of all) c();
        });
      }
    },
    release(field) {
      held.current.delete(field);
      if (held.current.size === 0) {
        unregister.current?.();
        unregister.current = null;
      }
    },
  }));
  useEffect(() => () => unregister.current?.(), []);
  return flushers;
}

const KIND_LABELS: Record<DocKind, string> = {
  workspace: 'Workspace manifest',
  crew: 'Crew',
  crewType: 'Crew type (homebrew)',
  abilities: 'Abilities library',
  equipment: 'Equipment library',
  scenario: 'Scenario',
  ruleset: 'Ruleset',
  campaign: 'Campaign',
};

/** Runs undo/redo in the host's Monaco editor when the host passed no handler. */
function hostEditorAction(action: 'undo' | 'redo'): void {
  const w = (globalThis as { __mortisphere?: { editor?: { trigger?: (s: string, a: string, p: unknown) => void } } }).__mortisphere;
  w?.editor?.trigger?.('form', action, null);
}

function KindPicker({ form }: { form: FormApi }) {
  return (
    <div className="field">
      <Picker
        label="Kind of document"
        items={DOC_KINDS.map((k) => ({ id: k, label: KIND_LABELS[k] }))}
        value=""
        placeholder="choose…"
        triggerId={form.idFor(['kind'])}
        onChange={(k) => form.apply({ op: 'set', path: ['kind'], value: k }, { op: 'set', path: ['schemaVersion'], value: 1 })}
      />
    </div>
  );
}

function FormFor({ kind, form }: { kind: DocKind; form: FormApi }) {
  switch (kind) {
    case 'crew':
      return <CrewForm form={form} />;
    case 'crewType':
      return <CrewTypeForm form={form} />;
    case 'abilities':
    case 'equipment':
      return <LibraryForm form={form} kind={kind} />;
    case 'scenario':
      return <ScenarioForm form={form} />;
    case 'ruleset':
      return <RulesetForm form={form} />;
    case 'campaign':
      return <CampaignForm form={form} />;
    case 'workspace':
      return <WorkspaceForm form={form} />;
  }
}

/** The form view of a document: one form per `kind`, in step with the YAML text. */
export function DocumentForm(props: DocumentFormProps) {
  const { path, text, onTextChange, diagnostics, model, onUndo, onRedo, onIdChange, registerFlush } = props;
  const flushers = useFlushers(registerFlush);
  const [editError, setEditError] = useState<{ text: string; message: string } | null>(null);
  const parsed = useMemo(() => parseForEdit(text), [text]);
  const kind = parsed.ok ? (asString((parsed.data as Record<string, unknown> | null)?.kind) as DocKind) : null;
  const known = kind !== null && DOC_KINDS.includes(kind);
  const placed = useMemo(() => {
    if (!parsed.ok) return new Map<string, Diagnostic[]>();
    return placeDiagnostics(diagnosticsByPath(parsed.document, text, diagnostics), known && kind ? fieldPatterns(kind, parsed.data) : []);
  }, [parsed, text, diagnostics, known, kind]);
  const form = useMemo(
    () =>
      parsed.ok
        ? createFormApi({ file: path, text, data: parsed.data, model, placed, commit: onTextChange, fail: (message) => setEditError({ text, message }), onIdChange })
        : null,
    [parsed, path, text, model, placed, onTextChange, onIdChange],
  );

  if (!parsed.ok || !form) {
    const p = parsed.ok ? null : parsed.problem;
    return (
      <div className="doc-form" aria-label={`Form of ${path}`}>
        <div role="alert" className="form-problem">
          <strong>The form is read-only until the YAML parses.</strong>{' '}
          {p && `Line ${p.line}, column ${p.column}: ${p.message}. Fix it in the YAML view; the form will not change the text meanwhile.`}
        </div>
      </div>
    );
  }
  const onKeyDown = (e: KeyboardEvent): void => {
    if (!(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    const redo = (k === 'z' && e.shiftKey) || k === 'y';
    if (k !== 'z' && k !== 'y') return;
    e.preventDefault();
    if (redo) (onRedo ?? (() => hostEditorAction('redo')))();
    else (onUndo ?? (() => hostEditorAction('undo')))();
  };
  const general = placed.get('') ?? [];
  return (
    <FormFlushersContext.Provider value={flushers}>
    <form className="doc-form" aria-label={`Form of ${path}`} onKeyDown={onKeyDown} onSubmit={(e) => e.preventDefault()}>
      <header className="form-header">
        <h2>{known && kind ? KIND_LABELS[kind] : 'Document'}</h2>
        <span className="muted mono">{path}</span>
      </header>
      {editError && editError.text === text && (
        <div role="alert" className="form-problem">
          {editError.message}
        </div>
      )}
      {general.length > 0 && <MessageList list={general} label="Problems of this document" />}
      {known && kind ? <FormFor kind={kind} form={form} /> : <KindPicker form={form} />}
    </form>
    </FormFlushersContext.Provider>
  );
}
