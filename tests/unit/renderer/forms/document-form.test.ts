import { describe, expect, it } from 'vitest';
import { exampleCrewValue, exampleFiles, pickerWithLabel, renderForm, tagWithLabel, workspaceWith } from './helpers';

const CREW = 'crews/iron-choir.yaml';

describe('DocumentForm', () => {
  it('shows the parse problem and no editable control while the YAML is broken', () => {
    const html = renderForm(CREW, 'kind: crew\nname: [unclosed\n', null);
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/Line \d+, column \d+/);
    expect(html).not.toMatch(/<input|<select|<textarea/);
  });

  it('renders every document of the example workspace without errors', () => {
    const { model, diagnostics } = workspaceWith();
    for (const f of exampleFiles()) {
      const html = renderForm(f.path, f.text, model, diagnostics);
      expect(html, f.path).toContain(`aria-label="Form of ${f.path}"`);
      expect(html, f.path).not.toContain('role="alert"');
    }
  });

  it('crew: die picker, Health stepper, Captain toggle, crew value and max rolls', () => {
    const ws = workspaceWith();
    const html = renderForm(CREW, ws.text(CREW), ws.model, ws.diagnostics);
    const die = pickerWithLabel(html, 'Die of Warden-7')!;
    expect(die.button).toMatch(/ id="[^"]*members_0_die"/);
    expect(die.value).toBe('d10');
    expect(die.options).toEqual(['d4', 'd6', 'd8', 'd10', 'd12', 'd20']);
    expect(tagWithLabel(html, 'Health of Warden-7')).toContain('value="3"');
    // Text fields (react-aria TextField): label above, the field id on the input itself.
    const nameId = /<label [^>]*for="([^"]+)"[^>]*>Crew name<\/label>/.exec(html)?.[1];
    expect(nameId).toBe('f-crews_iron-choir_yaml-name');
    expect(html).toMatch(/<input [^>]*id="f-crews_iron-choir_yaml-name"[^>]*value="The Iron Choir"/);
    expect(tagWithLabel(html, 'Increase Health of Warden-7')).toMatch(/^<button/);
    expect(html).toMatch(/<input [^>]*id="[^"]*members_0_captain"[^>]*checked=""/);
    expect(html).not.toMatch(/<input [^>]*id="[^"]*members_1_captain"[^>]*checked=""/);
    expect(html).toMatch(/<label [^>]*class="check "[^>]*><span [^>]*><input [^>]*id="[^"]*members_0_captain"[^>]*><\/span>.*?<span class="check-label">Captain of Warden-7<\/span><\/label>/);
    const { total } = exampleCrewValue(CREW);
    const limit = ws.model.scenarios.get('drowned-foundry')!.crewValueLimit!;
    expect(html).toContain(`Crew value: <strong>${total}</strong>`);
    expect(html).toContain(total > limit ? `The Drowned Foundry: limit ${limit}, over by ${total - limit}` : `The Drowned Foundry: limit ${limit}, ${limit - total} to spare`);
    // d10, Health 3, core ruleset: 10, 8, 6, Last Stand 2 (R1.4, R7.2).
    expect(html).toContain('<th scope="col">0 (Last Stand)</th>');
    const table = /aria-label="Max roll by Health of Warden-7">(.*?)<\/table>/.exec(html)![1];
    expect([...table.matchAll(/<td>(\d+)<\/td>/g)].map((m) => Number(m[1]))).toEqual([10, 8, 6, 2]);
    expect(html).toContain('Bloom Host (homebrew bloom-host)');
  });

  it('shows a validator message beside the field it points at, linked by aria-describedby', () => {
    const base = workspaceWith();
    const broken = base.text(CREW).replace('    type: machine\n    die: d10', '    type: bloom-host\n    die: d10');
    const ws = workspaceWith({ [CREW]: broken });
    const typeDiag = ws.diagnostics.find((d) => d.file === CREW && d.code === 'type-constraint');
    expect(typeDiag, JSON.stringify(ws.diagnostics.filter((d) => d.file === CREW))).toBeDefined();
    const html = renderForm(CREW, broken, ws.model, ws.diagnostics);
    const die = pickerWithLabel(html, 'Die of Warden-7')!;
    const describedBy = /aria-describedby="([^"]+)"/.exec(die.button)?.[1];
    expect(describedBy).toBeDefined();
    const list = new RegExp(`<ul id="${describedBy}"[^>]*>(.*?)</ul>`).exec(html)?.[1] ?? '';
    expect(list).toContain('type-constraint');
    expect(html).toMatch(new RegExp(`<div class="picker "[^>]*data-invalid="true"[^>]*>(?:(?!<div class="picker ).)*aria-describedby="${describedBy}"`));
  });

  it('lists diagnostics that match no field at the top', () => {
    const html = renderForm('crews/x.yaml', 'kind: crew\nschemaVersion: 1\nid: x\nname: X\nmembers: []\n', null, [
      { file: 'crews/x.yaml', line: 1, column: 1, endLine: 1, endColumn: 5, severity: 'warning', code: 'schema', message: 'a general problem' },
    ]);
    expect(html).toMatch(/aria-label="Problems of this document"[^>]*>.*a general problem/);
  });

  it('offers a kind picker for an empty document', () => {
    const html = renderForm('new.yaml', '', null);
    const kind = pickerWithLabel(html, 'Kind of document')!;
    expect(kind.value).toBe('choose…');
    expect(kind.options).toContain('Crew');
  });

  it('ruleset: every knob with its default and explanation from the schema', () => {
    const ws = workspaceWith();
    const path = 'rulesets/grim-reach.yaml';
    const html = renderForm(path, ws.text(path), ws.model, ws.diagnostics);
    for (const label of ['Clash: Tie', 'Damage: Max roll step', 'Swarm: Minimum size', 'Turn structure', 'Extends', 'Aftermath: Aftermath die']) {
      expect(tagWithLabel(html, label) ?? pickerWithLabel(html, label), label).not.toBeNull();
    }
    expect(html).toContain('Default: standoff.');
    expect(html).toContain('Default: 2.');
  });

  it('scenario: area link graph, sides with deployment, objectives by kind', () => {
    const ws = workspaceWith();
    const path = 'scenarios/test.yaml';
    const text = [
      'kind: scenario', 'schemaVersion: 1', 'id: test', 'name: Test',
      'areas:',
      '  - {id: gate, name: The Gate, links: [floor]}',
      '  - {id: floor, name: The Floor, links: [gate, vault]}',
      '  - {id: vault, name: The Vault}',
      'sides:',
      '  - {id: a, name: The Choir, deploy: gate, crew: iron-choir}',
      '  - {id: b, name: The Saints, deploy: floor}',
      'objectives:',
      '  - {id: core, name: Wake the Core, area: vault, kind: interact, whenContested: blocked}',
      '  - {id: cross, name: Cross, area: floor, kind: reach, once: true}',
      '',
    ].join('\n');
    const html = renderForm(path, text, ws.model, []);
    // The Area map and its keyboard link list: a two-way link and a one-way link.
    expect(html).toContain('aria-label="Area map"');
    const links = (/<ul class="link-list" aria-label="Links">(.*?)<\/ul>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');
    expect(links).toContain('The Gate ↔ The Floor');
    expect(links).toContain('The Floor → The Vault');
    expect(links).not.toContain('The Vault →');
    expect(pickerWithLabel(html, 'Deployment Area of side The Choir')).not.toBeNull();
    expect(pickerWithLabel(html, 'Deploy Warden-7 (side The Choir)')).not.toBeNull();
    expect(pickerWithLabel(html, 'whenContested (objective Wake the Core)')).not.toBeNull();
    expect(pickerWithLabel(html, 'once (objective Cross)')).not.toBeNull();
    expect(tagWithLabel(html, 'progress (objective Cross)')).toBeNull();
    const all = workspaceWith();
    const example = 'scenarios/drowned-foundry.yaml';
    expect(renderForm(example, all.text(example), all.model, all.diagnostics)).toContain('aria-label="Areas"');
  });

  it('crew type: lists the crews whose members break it', () => {
    const ws = workspaceWith();
    const path = 'types/bloom-host.yaml';
    const strict = ws.text(path).replace('dice: [d4, d6, d8]', 'dice: [d4]');
    const html = renderForm(path, strict, ws.model, ws.diagnostics);
    expect(html).toMatch(/crew &#x27;[a-z-]+&#x27;, member &#x27;[a-z0-9-]+&#x27;: die d(6|8) is not one of d4/);
  });

  it('abilities: the effects editor offers only the R11 vocabulary', () => {
    const ws = workspaceWith();
    const path = 'libraries/abilities.yaml';
    const html = renderForm(path, ws.text(path), ws.model, ws.diagnostics);
    const owner = /<span class="picker-label" id="[^"]+">Effect 1 of ([^<]+)<\/span>/.exec(html)![1];
    expect(pickerWithLabel(html, `Effect 1 of ${owner}`)!.options).toEqual(['rollModifier', 'damage', 'armor', 'reroll', 'keepHighest', 'dieOverride', 'blast', 'extraActions', 'firstStrike', 'regenerate', 'progressBonus', 'swarm', 'initiative']);
  });
});
