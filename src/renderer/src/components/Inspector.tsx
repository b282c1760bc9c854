import { ChevronRight, FileCode, FlaskConical, FormInput } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Button } from 'react-aria-components';
import { docLinks, linkLabel } from '../state/doc-links';
import type { DocLink } from '../state/doc-links';
import { countsLabel, problemCounts, sortDiagnostics } from '../state/doc-groups';
import type { StoreState } from '../state/store-types';
import { uiStoreOf } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { KindIcon } from './KindIcon';

/** The kind of a document in words. */
const KIND_WORDS: Record<string, string> = {
  workspace: 'Workspace manifest',
  crew: 'Crew',
  crewType: 'Crew type',
  abilities: 'Abilities library',
  equipment: 'Equipment library',
  ability: 'Ability',
  scenario: 'Scenario',
  ruleset: 'Ruleset',
  campaign: 'Campaign',
};
/** The kind of a linked thing: an `equipment:` link names one item of a library, not the library. */
const LINK_KIND_WORDS: Record<string, string> = { ...KIND_WORDS, equipment: 'Equipment' };
/** The inspector's slice of the state: no tab text, so typing re-renders it only on a new validation answer. */
export function selectInspector(s: StoreState) {
  return {
    active: s.active,
    entry: s.documents.find((d) => d.path === s.active) ?? null,
    view: s.tabs.find((t) => t.path === s.active)?.view ?? null,
    model: s.model,
    diagnostics: s.diagnostics,
    workspace: s.workspace,
  };
}

/** Most problems listed; the rest are in the Problems panel. */
const MAX_PROBLEMS = 20;

/**
 * The right-hand inspector beside the editor (issue 17, item 3): the active document's kind, id,
 * title and file; the documents it uses and those that use it (from the validator's model, no
 * parse of its own); its problems; and quick actions (Form, YAML, Test run this scenario/crew).
 */
export function Inspector({ onHide }: { onHide: () => void }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { active, entry, view, model, diagnostics, workspace } = useStoreSelector(selectInspector);
  const links = useMemo(() => (active ? docLinks(model, active) : null), [model, active]);
  const problems = useMemo(() => (active ? sortDiagnostics(diagnostics.filter((d) => d.file === active)) : []), [diagnostics, active]);
  const kind = entry?.kind ?? null;
  const id = entry?.id ?? null;
  const testable = (kind === 'scenario' || kind === 'crew') && id !== null && links !== null && links.keys.includes(`${kind}:${id}`);

  // The Test run's setup is picked in its own store (loaded with it, not with the shell).
  const testRun = async (): Promise<void> => {
    if (!workspace || !id) return;
    const [{ defaultChoice, seedFrom }, { testRunStoreFor }] = await Promise.all([import('../testrun/setup-choice'), import('../testrun/testrun-store')]);
    const runs = testRunStoreFor(workspace.root);
    runs.setKept((k) => {
      const prev = k.choice ?? defaultChoice(model, null, seedFrom(Math.random()));
      const next = kind === 'scenario' ? { ...prev, scenario: id } : { ...prev, crews: [id, prev.crews[1]] as [string, string] };
      return { ...k, choice: defaultChoice(model, next, next.seed) };
    });
    ui.set({ view: 'testrun' });
  };

  return (
    <aside aria-label="Inspector" className="inspector">
      <div className="side-heading">
        <h2>Inspector</h2>
        <Button className="icon-button" aria-label="Hide the inspector" onPress={onHide}>
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
      {!active ? (
        <p className="empty">Open a document to see what it is, what it uses and what uses it.</p>
      ) : (
        <div className="inspector-body">
          <dl className="inspector-facts">
            <dt>Kind</dt>
            <dd>{kind ? (KIND_WORDS[kind] ?? kind) : 'Unreadable'}</dd>
            <dt>Id</dt>
            <dd className="mono">{id ?? '—'}</dd>
            <dt>Title</dt>
            <dd>{entry?.name ?? '—'}</dd>
            <dt>File</dt>
            <dd className="mono">{active}</dd>
          </dl>
          <div className="inspector-actions" role="group" aria-label="Quick actions">
            <Button className="button-quiet" isDisabled={view === 'form'} onPress={() => store.patchTab(active, { view: 'form' })}>
              <FormInput size={14} aria-hidden="true" /> Form
            </Button>
            <Button className="button-quiet" isDisabled={view === 'yaml'} onPress={() => store.patchTab(active, { view: 'yaml' })}>
              <FileCode size={14} aria-hidden="true" /> YAML
            </Button>
            {testable && (
              <Button className="button-quiet" onPress={() => void testRun()}>
                <FlaskConical size={14} aria-hidden="true" /> {`Test run this ${kind}`}
              </Button>
            )}
          </div>
          <LinkList title="Uses" empty="Names no other document." links={links?.uses ?? []} open={(p) => void store.open(p)} />
          <LinkList title="Used by" empty="No document names it." links={links?.usedBy ?? []} open={(p) => void store.open(p)} />
          {/* Not a region: the window has one region named Problems (the panel). */}
          <div className="inspector-problems">
            <h3>
              Problems <span className="count">{countsLabel(problemCounts(problems))}</span>
            </h3>
            {problems.length > 0 && (
              <ul aria-label="Problems in this file">
                {problems.slice(0, MAX_PROBLEMS).map((d, i) => (
                  <li key={`${d.line}:${d.column}:${d.code}:${i}`}>
                    <Button className={`problem ${d.severity}`} onPress={() => void store.openLocation(d.file, d.line, d.column)}>
                      <span className="loc">{`${d.line}:${d.column}`}</span> <span className="sev">{d.severity}</span> <span className="msg">{d.message}</span>
                    </Button>
                  </li>
                ))}
                {problems.length > MAX_PROBLEMS && <li className="more">{`…and ${problems.length - MAX_PROBLEMS} more in the Problems panel`}</li>}
              </ul>
            )}
          </div>
        </div>
      )}
    </aside>
  );
}

/** A titled list of linked documents; each opens its file. */
function LinkList({ title, empty, links, open }: { title: string; empty: string; links: DocLink[]; open: (path: string) => void }) {
  return (
    <div>
      <h3>
        {title} <span className="count">{links.length}</span>
      </h3>
      {links.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul aria-label={title}>
          {links.map((l) => (
            <li key={l.key}>
              <LinkButton link={l} open={open} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One linked document: its kind's icon and display name (its `name`, else its id), named
 * "Crew The Iron Choir"; its kind, id and file below as secondary text, which is its description.
 */
function LinkButton({ link, open }: { link: DocLink; open: (path: string) => void }) {
  const descId = useId();
  const kindWord = LINK_KIND_WORDS[link.kind] ?? link.kind;
  const label = linkLabel(link);
  const secondary = [kindWord, link.name !== null ? link.id : '', link.path].filter((p) => p !== '' && p !== label).join(' · ');
  return (
    <Button className="inspector-link" aria-label={`${kindWord} ${label}`} aria-describedby={descId} onPress={() => open(link.path)}>
      <KindIcon kind={link.kind} />
      <span className="link-text">
        <span className="link-name">{label}</span>
        <span className="link-secondary" id={descId}>
          {secondary}
        </span>
      </span>
    </Button>
  );
}
