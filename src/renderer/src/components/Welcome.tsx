import { BookOpen, Dices, FileText, Play } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import rulesText from '../../../../docs/rules.md?raw';
import { parseMarkdown, searchBlocks } from '../../../shared/docs/markdown';
import type { Block, Inline } from '../../../shared/docs/markdown';
import { KEYMAP } from '../commands/keymap';
import { GROUPS } from '../state/doc-groups';
import { uiStoreOf } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';

const RULES = parseMarkdown(rulesText);

/** Text with the words of `query` marked. */
function Marked({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const re = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return (
    <>
      {text.split(re).map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

function Runs({ inline, words }: { inline: Inline[]; words: string[] }) {
  return (
    <>
      {inline.map((r, i) => {
        const t = <Marked text={r.text} words={words} />;
        if (r.kind === 'code') return <code key={i}>{t}</code>;
        if (r.kind === 'strong') return <strong key={i} className={/^R\d/.test(r.text) ? 'rule-number' : undefined}>{t}</strong>;
        if (r.kind === 'em') return <em key={i}>{t}</em>;
        if (r.kind === 'link') return <span key={i}>{t}</span>;
        return <Fragment key={i}>{t}</Fragment>;
      })}
    </>
  );
}

/** The rules document as elements (headings shifted below the page's own h2). */
function RulesDoc({ blocks, words }: { blocks: Block[]; words: string[] }) {
  const out: ReactNode[] = [];
  blocks.forEach((b, i) => {
    if (b.kind === 'heading') {
      const H = (b.level <= 1 ? 'h3' : b.level === 2 ? 'h4' : 'h5') as 'h3' | 'h4' | 'h5';
      out.push(
        <H key={i} id={`rules-${b.id}`}>
          <Marked text={b.text} words={words} />
        </H>,
      );
    } else if (b.kind === 'paragraph') {
      out.push(
        <p key={i}>
          <Runs inline={b.inline} words={words} />
        </p>,
      );
    } else if (b.kind === 'item') {
      out.push(
        <p key={i} id={b.rule ? `rule-${b.rule}` : undefined} style={{ marginLeft: `${1 + b.depth * 1.5}em`, textIndent: '-1em' }}>
          {b.ordered ? `${b.marker} ` : '• '}
          <Runs inline={b.inline} words={words} />
        </p>,
      );
    } else if (b.kind === 'table') {
      out.push(
        <table key={i}>
          <thead>
            <tr>
              {b.header.map((c, j) => (
                <th key={j} scope="col">
                  <Runs inline={c} words={words} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {b.rows.map((row, r) => (
              <tr key={r}>
                {row.map((c, j) => (
                  <td key={j}>
                    <Runs inline={c} words={words} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
    } else {
      out.push(
        <pre key={i}>
          <Marked text={b.text} words={words} />
        </pre>,
      );
    }
  });
  return <>{out}</>;
}

/**
 * The welcome page (issue 14), shown on a workspace's first open and from Help: what the
 * workspace holds, "Start here" (open a scenario, play it, simulate it), the rules reference
 * (docs/rules.md, rendered, searchable, with each rule's number) and the keyboard shortcuts.
 */
export function Welcome() {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { documents, workspace, diagnostics, model } = useStoreSelector((s) => ({ documents: s.documents, workspace: s.workspace, diagnostics: s.diagnostics, model: s.model }));
  const [query, setQuery] = useState('');
  const words = useMemo(() => query.split(/\s+/).filter(Boolean), [query]);
  const found = useMemo(() => searchBlocks(RULES, query), [query]);
  const counts = GROUPS.map((g) => ({ ...g, n: documents.filter((d) => (d.kind ?? 'other') === g.key).length })).filter((g) => g.n > 0);
  const scenario = [...documents].filter((d) => d.kind === 'scenario').sort((a, b) => a.path.localeCompare(b.path))[0];
  const errors = diagnostics.filter((d) => d.severity === 'error').length;

  const openScenario = async (): Promise<void> => {
    if (!scenario) return;
    if (await store.open(scenario.path)) store.patchTab(scenario.path, { view: 'form' });
  };
  const testRun = async (tab: 'play' | 'simulate'): Promise<void> => {
    if (!scenario?.id || !workspace) return;
    const [{ testRunStoreFor }, { defaultChoice, seedFrom }] = await Promise.all([import('../testrun/testrun-store'), import('../testrun/setup-choice')]);
    const tr = testRunStoreFor(workspace.root);
    tr.setKept((k) => ({ ...k, tab, choice: { ...(k.choice ?? defaultChoice(model, null, seedFrom(Math.random()))), scenario: scenario.id! } }));
    ui.set({ view: 'testrun' });
  };
  const scenarioName = scenario ? (scenario.name ?? scenario.id ?? scenario.path) : null;

  return (
    <div className="welcome">
      <section aria-labelledby="welcome-title">
        <h2 id="welcome-title">{`Welcome to ${workspace?.name ?? 'Mortisphere Studio'}`}</h2>
        <p>This workspace holds:</p>
        <ul className="counts">
          {counts.map((g) => (
            <li key={g.key}>{`${g.n} ${g.label.toLowerCase()}`}</li>
          ))}
          <li>{errors === 0 ? 'no errors' : `${errors} ${errors === 1 ? 'error' : 'errors'} (see Problems)`}</li>
        </ul>
      </section>
      <section aria-labelledby="start-here">
        <h2 id="start-here">Start here</h2>
        {scenario ? (
          <ul className="start-here">
            <li>
              <Button className="icon-button" onPress={() => void openScenario()}>
                <FileText size={16} aria-hidden="true" />
                {`Open the scenario ${scenarioName}`}
              </Button>
            </li>
            <li>
              <Button className="icon-button" onPress={() => void testRun('play')}>
                <Play size={16} aria-hidden="true" />
                {`Play ${scenarioName}`}
              </Button>
            </li>
            <li>
              <Button className="icon-button" onPress={() => void testRun('simulate')}>
                <Dices size={16} aria-hidden="true" />
                {`Simulate ${scenarioName}`}
              </Button>
            </li>
          </ul>
        ) : (
          <p>
            No scenario yet.{' '}
            <Button onPress={() => ui.set({ newDocument: ui.getState().newDocument + 1 })}>Create one from a template</Button>
          </p>
        )}
        <p className="muted">Press Ctrl+P to open any document or id, Ctrl+Shift+F to search every file, Ctrl+Shift+P for every command.</p>
      </section>
      <section aria-labelledby="rules-title">
        <h2 id="rules-title" className="icon-button">
          <BookOpen size={18} aria-hidden="true" /> Rules reference
        </h2>
        <SearchField value={query} onChange={setQuery} aria-label="Search the rules">
          <Label className="visually-hidden">Search the rules</Label>
          <Input placeholder="Search the rules (a word, a knob, R4.3…)" />
        </SearchField>
        <p role="status" className="muted">
          {query ? `${found.matches} ${found.matches === 1 ? 'passage' : 'passages'} match` : 'docs/rules.md: the rules as the engine plays them, every knob with its default.'}
        </p>
        <div className="rules-doc" role="document" aria-label="Rules reference" tabIndex={0}>
          <RulesDoc blocks={found.blocks} words={words} />
        </div>
      </section>
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <table className="shortcuts" aria-labelledby="shortcuts-title">
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">What they do</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          <tbody>
            {KEYMAP.filter((k) => k.keys).map((k) => (
              <tr key={k.id}>
                <td>
                  <kbd>{k.keys}</kbd>
                </td>
                <td>{k.title}</td>
                <td>{k.where ?? 'everywhere'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
