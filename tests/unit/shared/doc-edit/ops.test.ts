import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { deleteIn, insertIn, moveIn, setIn } from '../../../../src/shared/doc-edit';
import { BIG_SCENARIO, CREW, SCENARIO, SPACED_CREW } from './fixtures';

const EXAMPLE_CREW = SPACED_CREW;
const EXAMPLE_SCENARIO = BIG_SCENARIO;

function value(r: { ok: true; value: string } | { ok: false; error: { code: string; message: string } }): string {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Lines of `b` that differ from `a`, for texts with the same number of lines. */
function changedLines(a: string, b: string): { before: string; after: string }[] {
  const la = a.split('\n');
  const lb = b.split('\n');
  expect(lb.length).toBe(la.length);
  return la.flatMap((line, i) => (line === lb[i] ? [] : [{ before: line, after: lb[i] }]));
}

const comments = (text: string): string[] => text.split('\n').filter((l) => l.includes('#')).map((l) => l.slice(l.indexOf('#')));

describe('setIn: one-field edits change one line', () => {
  it.each([
    [['members', 0, 'die'], 'd12', '    die: d12'],
    [['members', 1, 'health'], 4, '    health: 4'],
    [['members', 0, 'captain'], false, '    captain: false'],
    [['name'], 'The Rust Choir', 'name: "The Rust Choir"   # quoted on purpose'],
    [['members', 0, 'type'], 'mutant', '    type: mutant        # built-in type'],
    [['members', 0, 'abilities'], ['steady-aim', 'overclock'], '    abilities: [steady-aim, overclock]'],
    [['npc'], true, 'npc: true'],
  ] as const)('%j = %j', (path, v, line) => {
    const out = value(setIn(CREW, path, v as never));
    expect(changedLines(CREW, out)).toEqual([{ before: expect.any(String), after: line }]);
    expect(parse(out)).toMatchObject(path.length === 1 ? { [path[0]]: v } : {});
  });

  it('edits inside a flow map touch only that entry', () => {
    const out = value(setIn(SCENARIO, ['areas', 0, 'name'], 'Flooded Floor'));
    expect(changedLines(SCENARIO, out)).toEqual([
      { before: expect.any(String), after: '  - {id: foundry, name: Flooded Floor, tags: [industrial], text: Hot, rules: []}' },
    ]);
  });

  it('quotes strings that would read as another type or break a flow map', () => {
    const a = value(setIn(SCENARIO, ['areas', 0, 'text'], 'Hot, wet: dark'));
    expect(parse(a).areas[0].text).toBe('Hot, wet: dark');
    const b = value(setIn(CREW, ['members', 0, 'name'], 'true'));
    expect(parse(b).members[0].name).toBe('true');
    const c = value(setIn(CREW, ['members', 0, 'name'], '12'));
    expect(parse(c).members[0].name).toBe('12');
    const d = value(setIn(CREW, ['members', 0, 'name'], '# not a comment'));
    expect(parse(d).members[0].name).toBe('# not a comment');
  });

  it('keeps every comment and the byte-identical rest of the example crew', () => {
    const out = value(setIn(EXAMPLE_CREW, ['members', 2, 'die'], 'd10'));
    expect(changedLines(EXAMPLE_CREW, out)).toHaveLength(1);
    expect(comments(out)).toEqual(comments(EXAMPLE_CREW));
  });

  it('keeps a folded block scalar folded when the text stays one line', () => {
    const out = value(setIn(EXAMPLE_CREW, ['text'], 'Machines that sing.'));
    expect(out).toContain('text: >-\n  Machines that sing.\nmembers:');
    expect(parse(out).text).toBe('Machines that sing.');
  });

  it('writes a multi-line string as a literal block at the right indentation', () => {
    const out = value(setIn(CREW, ['members', 0, 'name'], 'a\nb'));
    expect(out).toContain('    name: |-\n      a\n      b\n    type: machine');
    expect(parse(out).members[0].name).toBe('a\nb');
  });

  it('adds a missing key at the end of its map, indented like its siblings', () => {
    const out = value(setIn(CREW, ['members', 1, 'captain'], false));
    expect(out).toContain('      Never sleeps.\n    captain: false\n');
    expect(parse(out).members[1].captain).toBe(false);
  });

  it('creates missing parents', () => {
    const out = value(setIn(CREW, ['members', 1, 'rules'], [{ name: 'Loud', effects: [{ armor: 1, when: { role: 'defender' } }] }]));
    expect(parse(out).members[1].rules).toEqual([{ name: 'Loud', effects: [{ armor: 1, when: { role: 'defender' } }] }]);
    const nested = value(setIn(SCENARIO, ['endWhen', 'points'], 7));
    expect(changedLines(SCENARIO, nested)).toHaveLength(1);
  });

  it('adds a key to a flow map in place', () => {
    const out = value(setIn(SCENARIO, ['sides', 1, 'crew'], 'rot-saints'));
    expect(out).toContain('  - {id: b, name: Holders, deploy: foundry, crew: rot-saints}\n');
  });

  it('fills an empty value', () => {
    const out = value(setIn('kind: crew\nname:\nid: x\n', ['name'], 'Crew'));
    expect(out).toBe('kind: crew\nname: Crew\nid: x\n');
    const list = value(setIn('a:\nb: 1\n', ['a'], [{ id: 'x', n: 1 }]));
    expect(parse(list)).toEqual({ a: [{ id: 'x', n: 1 }], b: 1 });
  });

  it('writes into an empty document', () => {
    expect(value(setIn('', ['kind'], 'crew'))).toBe('kind: crew\n');
    expect(value(setIn('# new\n', ['kind'], 'crew'))).toBe('# new\nkind: crew\n');
  });

  it('refuses a text that does not parse, naming the place', () => {
    const r = setIn('kind: crew\nname: [unclosed\n', ['name'], 'x');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('edit/unparsed');
      expect(r.error.message).toMatch(/line \d+, column \d+/);
    }
  });

  it('refuses a path through a scalar', () => {
    const r = setIn(CREW, ['name', 'first'], 'x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('edit/path');
  });
});

describe('insertIn', () => {
  it('appends a block member matching the list indentation', () => {
    const member = { id: 'x', name: 'X', type: 'mutant', die: 'd4', health: 1, abilities: ['a'] };
    const out = value(insertIn(CREW, ['members'], 2, member));
    expect(out.startsWith(CREW)).toBe(true);
    expect(out.slice(CREW.length)).toBe('  - id: x\n    name: X\n    type: mutant\n    die: d4\n    health: 1\n    abilities: [a]\n');
    expect(parse(out).members[2]).toEqual(member);
  });

  it('inserts before an item, keeping comments', () => {
    const out = value(insertIn(EXAMPLE_CREW, ['members'], 1, { id: 'new', name: 'New', type: 'machine', die: 'd4', health: 1 }));
    expect(parse(out).members.map((m: { id: string }) => m.id)).toEqual(['warden-7', 'new', 'cantor-2', 'cantor-5', 'tallyman', 'bellows']);
    expect(comments(out)).toEqual(comments(EXAMPLE_CREW));
  });

  it('follows flow style of sibling items', () => {
    const out = value(insertIn(CREW, ['members', 0, 'history'], 1, { kind: 'note', text: 'a, b' }));
    expect(out).toContain('      - {kind: note, text: "a, b"}\n');
  });

  it('turns an empty flow list into a block list for a first map item', () => {
    const out = value(insertIn('kind: crew\nmembers: []   # none yet\nname: X\n', ['members'], 0, { id: 'a', name: 'A', type: 'machine', die: 'd4' }));
    expect(out).toBe('kind: crew\nmembers:\n  - id: a\n    name: A\n    type: machine\n    die: d4   # none yet\nname: X\n');
    const small = value(insertIn('effects: []\n', ['effects'], 0, { armor: 1, when: { role: 'defender' } }));
    expect(small).toBe('effects:\n  - {armor: 1, when: {role: defender}}\n');
    const replaced = value(setIn('members: {}\n', ['members'], [{ id: 'a', tags: ['x'] }]));
    expect(parse(replaced)).toEqual({ members: [{ id: 'a', tags: ['x'] }] });
  });

  it('extends flow lists and creates missing ones', () => {
    expect(value(insertIn(CREW, ['members', 0, 'abilities'], 0, 'x'))).toContain('abilities: [x, steady-aim]');
    expect(value(insertIn(CREW, ['members', 0, 'rules'], 0, { name: 'R', effects: [] }))).toContain('    rules:\n      - name: R\n        effects: []\n    history:');
    const created = value(insertIn(CREW, ['members', 1, 'equipment'], 0, 'rust-cannon'));
    expect(parse(created).members[1].equipment).toEqual(['rust-cannon']);
  });
});

describe('deleteIn', () => {
  it('removes a block member and only its lines', () => {
    const out = value(deleteIn(CREW, ['members', 0]));
    expect(parse(out).members.map((m: { id: string }) => m.id)).toEqual(['cog']);
    expect(out).toContain('# the second member');
    expect(CREW.split('\n').length - out.split('\n').length).toBe(11);
  });

  it('removes the first key of a compact list item', () => {
    const out = value(deleteIn(CREW, ['members', 1, 'id']));
    expect(out).toContain('  - name: Cog\n    type: construct');
    expect(parse(out).members[1]).not.toHaveProperty('id');
  });

  it('removes from flow collections', () => {
    expect(value(deleteIn(SCENARIO, ['areas', 0, 'tags']))).toContain('{id: foundry, name: Foundry Floor, text: Hot, rules: []}');
    expect(value(deleteIn(SCENARIO, ['areas', 0, 'rules']))).toContain('text: Hot}');
    expect(value(deleteIn(CREW, ['members', 0, 'abilities', 0]))).toContain('abilities: []');
  });

  it('leaves an empty list when the last item goes', () => {
    const out = value(deleteIn(CREW, ['members', 0, 'history', 0]));
    expect(parse(out).members[0].history).toEqual([]);
  });

  it('ignores an absent path', () => {
    expect(value(deleteIn(CREW, ['members', 1, 'nothing']))).toBe(CREW);
  });
});

describe('moveIn', () => {
  it('keeps blank lines between members when adding or removing one', () => {
    const added = value(insertIn(EXAMPLE_CREW, ['members'], 5, { id: 'new', name: 'New', type: 'machine', die: 'd4', health: 1 }));
    expect(added.endsWith('\n\n  - id: new\n    name: New\n    type: machine\n    die: d4\n    health: 1\n')).toBe(true);
    const removed = value(deleteIn(EXAMPLE_CREW, ['members', 1]));
    expect(removed).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
    expect(removed).toContain('cut down Weeping Bloom; the Choir won 6 to 2"}\n\n  - id: cantor-5');
  });

  it('reorders block items with their comments and blank lines intact', () => {
    const out = value(moveIn(EXAMPLE_CREW, ['members'], 0, 2));
    expect(parse(out).members.map((m: { id: string }) => m.id)).toEqual(['cantor-2', 'cantor-5', 'warden-7', 'tallyman', 'bellows']);
    expect(comments(out).sort()).toEqual(comments(EXAMPLE_CREW).sort());
  });

  it('reorders flow items', () => {
    const out = value(moveIn(EXAMPLE_SCENARIO, ['areas', 1, 'links'], 1, 0));
    expect(out).toContain('links: [sluice, gate, reactor-vault]');
  });
});
