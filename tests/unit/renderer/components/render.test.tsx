import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Explorer } from '../../../../src/renderer/src/components/Explorer';
import { ProblemsPanel } from '../../../../src/renderer/src/components/ProblemsPanel';
import { DocumentTabs } from '../../../../src/renderer/src/components/TabBar';
import { StoreContext } from '../../../../src/renderer/src/state/use-store';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

const PAYLOAD = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

async function storeWith(files: Record<string, string>) {
  const store = new WorkspaceStore(new MemoryApi(files).api(), () => new LineValidator());
  await store.init();
  return store;
}
const render = (store: WorkspaceStore, node: React.ReactNode) =>
  renderToStaticMarkup(<StoreContext.Provider value={store}>{node}</StoreContext.Provider>);

describe('renderer components (static markup)', () => {
  it('the explorer is a react-aria tree grid of kind groups; names are escaped text with problem counts in the name', async () => {
    const store = await storeWith({
      'crews/a.yaml': `kind: crew\nid: a\nname: ${PAYLOAD}\nmembers:\n  - die: d7\n`,
      'scenarios/s.yaml': 'kind: scenario\nid: s\nname: Scene\n',
      'junk.yaml': ': : :',
    });
    await store.open('scenarios/s.yaml');
    const html = render(store, <Explorer />);
    // react-aria's Tree is a treegrid of rows (WAI-ARIA treegrid), one Tab stop.
    expect(html).toMatch(/<div class="tree"[^>]*aria-label="Explorer" role="treegrid"/);
    expect(html.match(/role="row"/g)).toHaveLength(6);
    // Group rows are named by their visible heading, expanded, and not selectable.
    expect(html).toMatch(/role="row" aria-label="Crews \(1\)"[^>]*aria-expanded="true" aria-level="1"/);
    expect(html).not.toMatch(/aria-label="Crews \(1\)"[^>]*aria-selected/);
    expect(html.replace(/<[^>]+>/g, '')).toContain('Crews (1)');
    expect(html.replace(/<[^>]+>/g, '')).toContain('Other/unreadable (1)');
    // One icon per kind.
    expect(html).toContain('data-kind="crew"');
    expect(html).toContain('data-kind="scenario"');
    expect(html).toContain('data-kind="other"');
    // Documents: level 2, named by name, path and counts; the active one is the selected row.
    expect(html).toMatch(/role="row" aria-label="[^"]*, crews\/a\.yaml, 1 error" aria-selected="false"[^>]*aria-level="2"/);
    expect(html).toMatch(/role="row" aria-label="Scene, scenarios\/s\.yaml, no problems" aria-selected="true"/);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=');
  });

  it('explorer rows give their place in their group (aria-posinset/setsize), and name no element that is not there', async () => {
    // patches/react-aria+*.patch keeps these counts per collection snapshot instead of counting every
    // sibling on each render of each row, and gives tree rows no description id (the Tree has no
    // description slot): the counts must still be right, and no row may point at a missing element.
    const store = await storeWith({
      'crews/a.yaml': 'kind: crew\nid: a\nname: A\n',
      'crews/b.yaml': 'kind: crew\nid: b\nname: B\n',
      'crews/c.yaml': 'kind: crew\nid: c\nname: C\n',
      'scenarios/s.yaml': 'kind: scenario\nid: s\nname: Scene\n',
    });
    const html = render(store, <Explorer />);
    const rows = [...html.matchAll(/<div [^>]*role="row"[^>]*>/g)].map((m) => m[0]);
    const place = (row: string): string =>
      `${/aria-level="(\d+)"/.exec(row)?.[1]}:${/aria-posinset="(\d+)"/.exec(row)?.[1]}/${/aria-setsize="(\d+)"/.exec(row)?.[1]}`;
    // Two groups at level 1; three crews, then one scenario, at level 2.
    expect(rows.map(place)).toEqual(['1:1/2', '2:1/3', '2:2/3', '2:3/3', '1:2/2', '2:1/1']);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const refs = [...html.matchAll(/aria-(?:labelledby|describedby)="([^"]+)"/g)].flatMap((m) => m[1].split(' '));
    expect(refs.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('the explorer marks a dirty document unsaved and names it by its unsaved name', async () => {
    const store = await storeWith({ 'scenarios/s.yaml': 'kind: scenario\nid: s\nname: Scene\n' });
    await store.open('scenarios/s.yaml');
    store.editorChanged('scenarios/s.yaml', 'kind: scenario\nid: s\nname: Other Scene\n');
    const html = render(store, <Explorer />);
    // The row is named by the unsaved name; the mark shows. (", unsaved" at the end of the name is
    // written on the page's row by the mark itself, after render: shell.spec.ts item 12 checks it.)
    expect(html).toContain('aria-label="Other Scene, scenarios/s.yaml, no problems"');
    expect(html).toMatch(/<span class="dirty" aria-hidden="true">●<\/span>/);
  });

  it('the Problems panel is a region named Problems listing file:line:col severity code message', async () => {
    const store = await storeWith({ 'crews/a.yaml': `kind: crew\nmembers:\n  - die: d7\n` });
    const html = render(store, <ProblemsPanel />);
    // A <section> with a name is a region landmark.
    expect(html).toMatch(/^<section aria-label="Problems"/);
    expect(html).toContain('1 error, 0 warnings');
    expect(html.replace(/<[^>]+>/g, '')).toContain('crews/a.yaml:3:10 error schema die d7 is not an Existence Die');
  });

  it('tabs form a tablist; a dirty tab says unsaved and shows ●', async () => {
    const store = await storeWith({ 'crews/a.yaml': 'kind: crew\n', 'crews/b.yaml': 'kind: crew\n' });
    await store.open('crews/a.yaml');
    await store.open('crews/b.yaml');
    store.editorChanged('crews/a.yaml', 'kind: crew\n# x\n');
    const html = render(store, <DocumentTabs />);
    expect(html).toMatch(/<div [^>]*aria-label="Open documents"[^>]*role="tablist"/);
    // Each tab's opening tag, in order (react-aria orders the attributes its own way).
    const tabs = [...html.matchAll(/<div [^>]*role="tab"[^>]*>/g)].map((m) => m[0]);
    expect(tabs).toHaveLength(2);
    expect(tabs[0]).toContain('aria-label="a.yaml, unsaved"');
    expect(tabs[0]).toContain('aria-selected="false"');
    expect(tabs[1]).toContain('aria-label="b.yaml"');
    expect(tabs[1]).toContain('aria-selected="true"');
    // The close buttons sit outside the tablist: no tab holds a button.
    const list = html.slice(html.indexOf('role="tablist"'), html.indexOf('class="tab-closers"'));
    expect(list).not.toContain('<button');
    expect(html).toContain('●');
    expect(html).toContain('aria-label="Close a.yaml"');
  });
});
