import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { deleteIn, insertIn, moveIn, setIn } from '../../../../src/shared/doc-edit';
import type { DocPath, EditValue } from '../../../../src/shared/doc-edit';
import { validateFiles } from '../../../../src/shared/validation';
import { CREW } from './fixtures';

const EXAMPLE_CREW = readFileSync('resources/examples/ashen-reach/crews/iron-choir.yaml', 'utf8');
const EXAMPLE_ABILITIES = readFileSync('resources/examples/ashen-reach/libraries/abilities.yaml', 'utf8');
const EXAMPLE_SCENARIO = readFileSync('resources/examples/ashen-reach/scenarios/drowned-foundry.yaml', 'utf8');

type Data = Record<string, unknown>;
type Edit =
  | { op: 'set'; path: DocPath; value: EditValue }
  | { op: 'delete'; path: DocPath }
  | { op: 'insert'; path: DocPath; index: number; value: EditValue }
  | { op: 'move'; path: DocPath; from: number; to: number };

const clone = <T>(v: T): T => structuredClone(v);

function containerAt(data: unknown, path: DocPath, create: boolean): unknown {
  let node = data as Record<string | number, unknown>;
  for (const seg of path) {
    if (node[seg] === undefined || node[seg] === null) {
      if (!create) return undefined;
      node[seg] = {};
    }
    node = node[seg] as Record<string | number, unknown>;
  }
  return node;
}

/** The same edit applied to plain data: what the YAML must parse to afterwards. */
function applyToData(data: Data, e: Edit): Data {
  const out = clone(data);
  if (e.op === 'set') (containerAt(out, e.path.slice(0, -1), true) as Data)[e.path[e.path.length - 1] as string] = clone(e.value);
  if (e.op === 'delete') {
    const parent = containerAt(out, e.path.slice(0, -1), false) as Data | unknown[] | undefined;
    const last = e.path[e.path.length - 1];
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else if (parent) delete parent[last as string];
  }
  if (e.op === 'insert') {
    const parent = containerAt(out, e.path.slice(0, -1), true) as Data;
    const key = e.path[e.path.length - 1] as string;
    if (!Array.isArray(parent[key])) parent[key] = [];
    (parent[key] as unknown[]).splice(e.index, 0, clone(e.value));
  }
  if (e.op === 'move') {
    const list = containerAt(out, e.path, false) as unknown[];
    const [item] = list.splice(e.from, 1);
    list.splice(e.to, 0, item);
  }
  return out;
}

function applyToText(text: string, e: Edit): string {
  const r =
    e.op === 'set' ? setIn(text, e.path, e.value)
    : e.op === 'delete' ? deleteIn(text, e.path)
    : e.op === 'insert' ? insertIn(text, e.path, e.index, e.value)
    : moveIn(text, e.path, e.from, e.to);
  if (!r.ok) throw new Error(`${JSON.stringify(e)} failed: ${r.error.message}`);
  return r.value;
}

const DICE = ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'];
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,5})?$/);
/** Names and texts with the characters that need quoting in YAML. */
const prose = fc.string({ unit: fc.constantFrom(...'aZ 09:#,-[]{}\'"!&*?|>%@`\\\n'.split('')), minLength: 1, maxLength: 24 }).filter((s) => s.trim() !== '');
const memberArb = (id: string) =>
  fc.record({ name: prose, type: fc.constantFrom('machine', 'mutant', 'bloom-host'), die: fc.constantFrom(...DICE), health: fc.integer({ min: 1, max: 6 }) })
    .map((m) => ({ id, ...m }) as EditValue);

/** One random form edit that keeps a crew schema-valid, given its current data. */
function crewEdit(data: Data): fc.Arbitrary<Edit> {
  const members = data.members as Data[];
  const n = members.length;
  const i = fc.integer({ min: 0, max: n - 1 });
  const options: fc.Arbitrary<Edit>[] = [
    fc.tuple(i, fc.constantFrom(...DICE)).map(([m, v]) => ({ op: 'set', path: ['members', m, 'die'], value: v })),
    fc.tuple(i, fc.integer({ min: 1, max: 9 })).map(([m, v]) => ({ op: 'set', path: ['members', m, 'health'], value: v })),
    fc.tuple(i, prose).map(([m, v]) => ({ op: 'set', path: ['members', m, 'name'], value: v })),
    fc.tuple(i, prose).map(([m, v]) => ({ op: 'set', path: ['members', m, 'text'], value: v })),
    prose.map((v) => ({ op: 'set', path: ['name'], value: v })),
    fc.boolean().map((v) => ({ op: 'set', path: ['npc'], value: v })),
    fc.tuple(i, word).filter(([m, w]) => !((members[m].abilities as string[] | undefined) ?? []).includes(w)).chain(([m, w]) => {
      const list = (members[m].abilities as string[] | undefined) ?? [];
      return fc.integer({ min: 0, max: list.length }).map((at) => ({ op: 'insert', path: ['members', m, 'abilities'], index: at, value: w }) as Edit);
    }),
    fc.tuple(i, fc.constantFrom('victory', 'note', 'injury'), prose).chain(([m, kind, text]) => {
      const list = (members[m].history as unknown[] | undefined) ?? [];
      return fc.integer({ min: 0, max: list.length }).map((at) => ({ op: 'insert', path: ['members', m, 'history'], index: at, value: { kind, text } }) as Edit);
    }),
    fc.tuple(fc.integer({ min: 0, max: n }), fc.nat({ max: 1e9 })).filter(([, k]) => !members.some((m) => m.id === `m-${k}`)).chain(([at, k]) => memberArb(`m-${k}`).map((value) => ({ op: 'insert', path: ['members'], index: at, value }) as Edit)),
    fc.tuple(i, i).map(([from, to]) => ({ op: 'move', path: ['members'], from, to })),
    i.map((m) => ({ op: 'delete', path: ['members', m, 'text'] })),
  ];
  if (n > 1) {
    const nonCaptain = members.map((m, k) => (m.captain === true ? -1 : k)).filter((k) => k >= 0);
    if (nonCaptain.length > 0) options.push(fc.constantFrom(...nonCaptain).map((m) => ({ op: 'delete', path: ['members', m] })));
  }
  const withAbilities = members.map((m, k) => (Array.isArray(m.abilities) && m.abilities.length > 0 ? k : -1)).filter((k) => k >= 0);
  if (withAbilities.length > 0) options.push(fc.constantFrom(...withAbilities).map((m) => ({ op: 'delete', path: ['members', m, 'abilities', 0] })));
  return fc.oneof(...options);
}

/** Codes that say the document itself is broken (references to other files are out of scope here). */
const STRUCTURAL = ['yaml-syntax', 'yaml-hostile', 'schema', 'schema-version', 'captain-count', 'duplicate-id', 'unknown-kind'];

/** Runs `steps` random edits, checking after each that text and data agree. */
function runSequence(start: string, pick: (data: Data) => fc.Arbitrary<Edit>, kind: string, steps: number, seed: number): void {
  const rand = fc.sample(fc.integer(), { seed, numRuns: steps });
  let text = start;
  let data = parse(start) as Data;
  const firstComment = start.split('\n').find((l) => l.startsWith('#'));
  for (let s = 0; s < steps; s++) {
    const [edit] = fc.sample(pick(data), { seed: rand[s], numRuns: 1 });
    text = applyToText(text, edit);
    data = applyToData(data, edit);
    expect(parse(text), `after ${JSON.stringify(edit)}:\n${text}`).toEqual(data);
  }
  const file = `${kind}/edited.yaml`;
  const { diagnostics } = validateFiles([{ path: file, text }]);
  const structural = diagnostics.filter((d) => d.file === file && d.severity === 'error' && STRUCTURAL.includes(d.code));
  expect(structural, text).toEqual([]);
  if (firstComment) expect(text).toContain(firstComment);
}

describe('random form edits keep documents valid and round-trip', () => {
  it('crew: fixture and example', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), (seed, useExample) => {
        runSequence(useExample ? EXAMPLE_CREW : CREW, crewEdit, 'crew', 12, seed);
      }),
      { numRuns: 30 },
    );
  });

  it('scenario: flow and block areas, sides and objectives', () => {
    const edit = (data: Data): fc.Arbitrary<Edit> => {
      const areas = data.areas as Data[];
      const a = fc.integer({ min: 0, max: areas.length - 1 });
      return fc.oneof(
        fc.tuple(a, prose).map(([k, v]) => ({ op: 'set', path: ['areas', k, 'name'], value: v }) as Edit),
        fc.tuple(a, prose).map(([k, v]) => ({ op: 'set', path: ['areas', k, 'text'], value: v }) as Edit),
        fc.tuple(a, fc.array(word, { maxLength: 3 })).map(([k, v]) => ({ op: 'set', path: ['areas', k, 'tags'], value: v }) as Edit),
        fc.integer({ min: 1, max: 12 }).map((v) => ({ op: 'set', path: ['rounds'], value: v }) as Edit),
        fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }).map((v) => ({ op: 'set', path: ['crewValueLimit'], value: v }) as Edit),
        fc.tuple(fc.constantFrom(0, 1), prose).map(([k, v]) => ({ op: 'set', path: ['sides', k, 'name'], value: v }) as Edit),
        fc.integer({ min: 0, max: 2 }).map((v) => ({ op: 'set', path: ['scoring', 'perEnemyIncapacitated'], value: v }) as Edit),
        fc.tuple(fc.constantFrom(0, 1, 2), fc.integer({ min: 0, max: 5 })).map(([k, v]) => ({ op: 'set', path: ['objectives', k, 'points'], value: v }) as Edit),
      );
    };
    fc.assert(fc.property(fc.integer(), (seed) => runSequence(EXAMPLE_SCENARIO, edit, 'scenario', 10, seed)), { numRuns: 25 });
  });

  it('abilities: effects with when conditions, costs and tags', () => {
    const effectArb: fc.Arbitrary<EditValue> = fc.record(
      {
        effect: fc.oneof(
          fc.integer({ min: -2, max: 3 }).map((n) => ({ rollModifier: n })),
          fc.integer({ min: 0, max: 3 }).map((n) => ({ armor: n })),
          fc.constantFrom(...DICE).map((d) => ({ keepHighest: d })),
          fc.constant({ blast: true }),
          fc.constantFrom('never', 'always').map((v) => ({ swarm: v })),
        ),
        when: fc.option(fc.record({ role: fc.constantFrom('attacker', 'defender') }, { requiredKeys: [] }), { nil: undefined }),
      },
    ).map(({ effect, when }) => (when === undefined ? effect : { ...effect, when }) as EditValue);
    const edit = (data: Data): fc.Arbitrary<Edit> => {
      const list = data.abilities as Data[];
      const a = fc.integer({ min: 0, max: list.length - 1 });
      return fc.oneof(
        a.chain((k) => {
          const n = ((list[k].effects as unknown[]) ?? []).length;
          return fc.tuple(fc.integer({ min: 0, max: n }), effectArb).map(([at, v]) => ({ op: 'insert', path: ['abilities', k, 'effects'], index: at, value: v }) as Edit);
        }),
        a.filter((k) => ((list[k].effects as unknown[]) ?? []).length > 0).chain((k) => {
          const n = (list[k].effects as unknown[]).length;
          return fc.integer({ min: 0, max: n - 1 }).chain((e) => fc.oneof(
            fc.constant({ op: 'delete', path: ['abilities', k, 'effects', e] } as Edit),
            fc.constantFrom('attacker', 'defender').map((r) => ({ op: 'set', path: ['abilities', k, 'effects', e, 'when', 'role'], value: r }) as Edit),
            fc.integer({ min: 0, max: n - 1 }).map((to) => ({ op: 'move', path: ['abilities', k, 'effects'], from: e, to }) as Edit),
          ));
        }),
        fc.tuple(a, fc.integer({ min: 0, max: 9 })).map(([k, v]) => ({ op: 'set', path: ['abilities', k, 'cost'], value: v }) as Edit),
        fc.tuple(a, fc.uniqueArray(word, { maxLength: 3 })).map(([k, v]) => ({ op: 'set', path: ['abilities', k, 'tags'], value: v }) as Edit),
        fc.tuple(a, prose).map(([k, v]) => ({ op: 'set', path: ['abilities', k, 'text'], value: v }) as Edit),
      );
    };
    fc.assert(fc.property(fc.integer(), (seed) => runSequence(EXAMPLE_ABILITIES, edit, 'abilities', 10, seed)), { numRuns: 25 });
  });
});
