import { useEffect, useMemo, useState } from 'react';
import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { KIND_WORDS } from '../../../shared/language/symbols';
import type { LanguageModule } from '../state/language-loader';
import { languageNow } from '../state/language-loader';
import { applyRename, renameMode } from '../state/rename-apply';
import type { RenameRequest } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';
import { Dialog } from './Dialog';

type Index = ReturnType<ReturnType<LanguageModule['languageOf']>['current']>;

/**
 * Rename an id everywhere (issue 14): the new id, checked as it is typed, and a preview of every
 * file and line the rename changes. One open file is changed in place (one undo step); several
 * files are written as one change (all or nothing, undone as one). From a form, "Change only
 * this id" keeps the plain edit instead.
 */
export function RenameDialog({ request, onClose }: { request: RenameRequest; onClose: () => void }) {
  const store = useWorkspaceStore();
  const [lang, setLang] = useState<{ m: LanguageModule; index: Index } | null>(null);
  const [newId, setNewId] = useState(request.newId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void languageNow(store).then((l) => live && setLang(l));
    return () => {
      live = false;
    };
  }, [store]);
  const plan = useMemo(() => (lang ? lang.m.planRename(lang.index, request.symbol, newId) : null), [lang, request.symbol, newId]);
  const mode = plan?.ok ? renameMode(store, plan.value) : null;
  const word = KIND_WORDS[request.symbol.kind];
  const changes = plan?.ok ? plan.value.files.reduce((n, f) => n + f.edits.length, 0) : 0;
  const invalid = plan && !plan.ok && plan.error.code !== 'rename/same' ? plan.error.message : null;

  const submit = async (): Promise<void> => {
    if (!plan?.ok || busy) return;
    setBusy(true);
    const r = await applyRename(store, plan.value, true);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    onClose();
  };
  const onlyThis = (): void => {
    request.fallback?.();
    onClose();
  };

  return (
    <Dialog title={`Rename ${word} '${request.symbol.id}'`} onCancel={onClose} className="rename-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField value={newId} onChange={setNewId} autoFocus isInvalid={!!invalid} validationBehavior="aria">
          <Label>New id</Label>
          <Input spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
          <Text slot="description" className="muted">
            Lowercase letters and digits joined by hyphens.{request.symbol.scope ? ` Only ${word}s of ${request.symbol.kind === 'member' ? 'crew' : 'scenario'} '${request.symbol.scope}' are affected.` : ''}
          </Text>
          <FieldError className="inline-error">{invalid}</FieldError>
        </TextField>
        {!lang && <p role="status">Finding every place that names it…</p>}
        {plan?.ok && (
          <section aria-label="Changes">
            <p role="status">
              {`${changes} ${changes === 1 ? 'change' : 'changes'} in ${plan.value.files.length} ${plan.value.files.length === 1 ? 'file' : 'files'}`}
              {mode?.kind === 'workspace' ? ', saved together as one change (Undo reverts every file)' : ', made in the open document as one undoable edit'}
            </p>
            <ul className="change-list">
              {plan.value.files.map((f) => (
                <li key={f.path}>
                  <div className="file mono">{f.path}</div>
                  <ul>
                    {f.lines.map((l) => (
                      <li key={l.line} className="line" aria-label={`line ${l.line}: ${l.after.trim()}`}>
                        {`${l.line}: `}
                        <del>{l.before.trim()}</del>
                        {' → '}
                        <ins>{l.after.trim()}</ins>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            {plan.value.skipped.length > 0 && (
              <p className="muted">{`${plan.value.skipped.length} effect ${plan.value.skipped.length === 1 ? 'condition' : 'conditions'} (when.area: ${request.symbol.id}) outside the scenario are left as they are: other scenarios have an Area '${request.symbol.id}' too.`}</p>
            )}
            {mode && mode.unsaved.length > 0 && (
              <p className="inline-error">{`${mode.unsaved.join(', ')} ${mode.unsaved.length === 1 ? 'has' : 'have'} unsaved edits: they are saved first, then every file is renamed.`}</p>
            )}
          </section>
        )}
        {error && (
          <p role="alert" className="inline-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <Button type="submit" isDisabled={!plan?.ok || busy}>
            {mode && mode.unsaved.length > 0 ? 'Save and rename' : request.origin === 'form' ? 'Rename everywhere' : 'Rename'}
          </Button>
          {request.origin === 'form' && request.fallback && <Button onPress={onlyThis}>Change only this id</Button>}
          <Button onPress={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
