import { describe, expect, it } from 'vitest';
import { BUILTIN_TYPES, DICE, EFFECT_KEYS } from '../../../src/shared/model/types';
import type { BuiltinType, CrewDoc, Objective, ObjectiveKind } from '../../../src/shared/model/types';
import { CORE_RULESET } from '../../../src/shared/model/ruleset-defaults';
import { validateFiles } from '../../../src/shared/validation';
import { EXAMPLE_DIR, allEffects, crewValue, parseWorkspace, readWorkspaceFiles } from './workspace-files';

const files = readWorkspaceFiles(EXAMPLE_DIR);
const ws = parseWorkspace(files);
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const crewById = new Map(ws.crews.map((c) => [c.id, c]));
const typeById = new Map(ws.crewTypes.map((t) => [t.id, t]));
const objectives: Objective[] = ws.scenarios.flatMap((s) => s.objectives ?? []);

/** The built-in type a member type stands for (a homebrew crewType resolves to its base). */
const builtin = (type: string): BuiltinType | undefined =>
  (BUILTIN_TYPES as readonly string[]).includes(type) ? (type as BuiltinType) : typeById.get(type)?.base;
const captainOf = (crew: CrewDoc) => crew.members.find((m) => m.captain === true);

describe('example workspace ashen-reach: validation', () => {
  it('every file validates with no error and no warning', () => {
    const { diagnostics, model } = validateFiles(files);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(model.workspace?.name).toBe('The Ashen Reach');
    expect(model.crews.size).toBe(ws.crews.length);
    expect(model.scenarios.size).toBe(ws.scenarios.length);
  });
  it('the validator sees a broken copy (the check above can fail)', () => {
    const broken = files.map((f) =>
      f.path === 'crews/iron-choir.yaml' ? { ...f, text: f.text.replace('captain: true', 'captain: false') } : f,
    );
    expect(validateFiles(broken).diagnostics.map((d) => d.code)).toContain('captain-count');
  });
});

describe('example workspace ashen-reach: layout', () => {
  it('has a manifest and the six documented folders', () => {
    expect(ws.workspace).toHaveLength(1);
    for (const folder of ['crews', 'types', 'libraries', 'scenarios', 'rulesets', 'campaigns']) {
      expect(files.some((f) => f.path.startsWith(`${folder}/`)), folder).toBe(true);
    }
  });
  it('uses lowercase kebab-case ids everywhere', () => {
    const ids = [
      ...ws.crews.flatMap((c) => [c.id, ...c.members.map((m) => m.id)]),
      ...ws.crewTypes.map((t) => t.id),
      ...ws.abilities.flatMap((l) => l.abilities.map((a) => a.id)),
      ...ws.equipment.flatMap((l) => l.items.map((i) => i.id)),
      ...ws.scenarios.flatMap((s) => [s.id, ...s.areas.map((a) => a.id), ...(s.objectives ?? []).map((o) => o.id)]),
      ...ws.rulesets.map((r) => r.id),
      ...ws.campaigns.map((c) => c.id),
    ];
    expect(ids.filter((id) => !ID.test(id))).toEqual([]);
  });
});

describe('example workspace ashen-reach: crews', () => {
  it('has at least 4 crews whose Captains are of distinct built-in types', () => {
    expect(ws.crews.length).toBeGreaterThanOrEqual(4);
    const types = new Set(ws.crews.map((c) => builtin(captainOf(c)?.type ?? '')));
    types.delete(undefined);
    expect(types.size).toBeGreaterThanOrEqual(4);
  });
  it('gives every crew 4 to 6 members and exactly one Captain (R7.1)', () => {
    for (const crew of ws.crews) {
      expect(crew.members.length, crew.id).toBeGreaterThanOrEqual(4);
      expect(crew.members.length, crew.id).toBeLessThanOrEqual(6);
      expect(crew.members.filter((m) => m.captain === true), crew.id).toHaveLength(1);
    }
  });
  it('has an npc creature crew', () => {
    const npc = ws.crews.filter((c) => c.npc === true);
    expect(npc.some((c) => c.members.every((m) => builtin(m.type) === 'creature'))).toBe(true);
  });
  it('has a crew with three members of the same die that can Swarm (R6.1)', () => {
    const swarmable = ws.crews.filter((c) => DICE.some((d) => c.members.filter((m) => m.die === d).length >= 3));
    expect(swarmable.length).toBeGreaterThanOrEqual(1);
  });
  it('uses a homebrew crewType whose members respect its constraints', () => {
    expect(ws.crewTypes.length).toBeGreaterThanOrEqual(1);
    const tagsOf = new Map(ws.equipment.flatMap((l) => l.items.map((i) => [i.id, i.tags ?? []] as const)));
    let used = 0;
    for (const crew of ws.crews) {
      for (const t of ws.crewTypes) {
        const members = crew.members.filter((m) => m.type === t.id);
        used += members.length;
        if (t.maxPerCrew !== undefined) expect(members.length, `${crew.id} ${t.id}`).toBeLessThanOrEqual(t.maxPerCrew);
        for (const m of members) {
          expect(t.dice, m.id).toContain(m.die);
          expect(m.health, m.id).toBeGreaterThanOrEqual(t.health.min);
          expect(m.health, m.id).toBeLessThanOrEqual(t.health.max);
          for (const item of m.equipment ?? []) {
            if (t.equipmentTags) expect(tagsOf.get(item)?.some((tag) => t.equipmentTags?.includes(tag)), item).toBe(true);
          }
        }
      }
    }
    expect(used).toBeGreaterThanOrEqual(1);
  });
});

describe('example workspace ashen-reach: abilities and equipment', () => {
  it('uses at least 10 distinct effect keys of R11, with varied `when` conditions', () => {
    const effects = allEffects(ws);
    const keys = new Set(effects.flatMap((e) => Object.keys(e).filter((k) => k !== 'when')));
    expect([...keys].every((k) => (EFFECT_KEYS as readonly string[]).includes(k))).toBe(true);
    expect(keys.size).toBeGreaterThanOrEqual(10);
    const whenKeys = new Set(effects.flatMap((e) => Object.keys(e.when ?? {})));
    expect(whenKeys.size).toBeGreaterThanOrEqual(6);
  });
  it('has equipment with cost and tags, and a ranged item', () => {
    const items = ws.equipment.flatMap((l) => l.items);
    expect(items.filter((i) => (i.cost ?? 0) > 0 && (i.tags ?? []).length > 0).length).toBeGreaterThanOrEqual(5);
    expect(items.some((i) => i.ranged === true)).toBe(true);
  });
});

describe('example workspace ashen-reach: scenarios', () => {
  it('has at least 3 scenarios of 2 to 5 Areas (R8.1)', () => {
    expect(ws.scenarios.length).toBeGreaterThanOrEqual(3);
    for (const s of ws.scenarios) {
      expect(s.areas.length, s.id).toBeGreaterThanOrEqual(2);
      expect(s.areas.length, s.id).toBeLessThanOrEqual(5);
      expect(s.sides, s.id).toHaveLength(2);
    }
  });
  it('uses every objective kind and the interact/control options (R9.1-R9.3)', () => {
    const kinds = new Set(objectives.map((o) => o.kind));
    const all: ObjectiveKind[] = ['interact', 'reach', 'control', 'eliminate', 'protect', 'survive'];
    expect([...kinds].sort()).toEqual([...all].sort());
    const interact = objectives.filter((o) => o.kind === 'interact');
    expect(interact.some((o) => o.progress !== undefined && o.progress > 1)).toBe(true);
    expect(interact.some((o) => o.resetOnDamage === true)).toBe(true);
    expect(new Set(interact.map((o) => o.whenContested)).size).toBeGreaterThanOrEqual(2);
    expect(objectives.some((o) => o.kind === 'control' && o.by === 'value')).toBe(true);
  });
  it('has links, Area rules with effects, scoring, crewValueLimit and endWhen', () => {
    expect(ws.scenarios.some((s) => s.areas.some((a) => (a.links ?? []).length > 0))).toBe(true);
    expect(ws.scenarios.some((s) => s.areas.some((a) => (a.rules ?? []).some((r) => r.effects.length > 0)))).toBe(true);
    expect(ws.scenarios.some((s) => (s.scoring?.perEnemyIncapacitated ?? 0) > 0)).toBe(true);
    expect(ws.scenarios.some((s) => s.endWhen !== undefined)).toBe(true);
    expect(ws.scenarios.every((s) => typeof s.crewValueLimit === 'number')).toBe(true);
  });
  it('pairs default crews that respect crewValueLimit and are within 4 points of each other', () => {
    for (const s of ws.scenarios) {
      const crews = s.sides.map((side) => crewById.get(side.crew ?? ''));
      expect(crews.every((c) => c !== undefined), s.id).toBe(true);
      const values = crews.map((c) => crewValue(c as CrewDoc, ws));
      for (const v of values) expect(v, s.id).toBeLessThanOrEqual(s.crewValueLimit as number);
      expect(Math.abs(values[0] - values[1]), `${s.id} ${values.join(' vs ')}`).toBeLessThanOrEqual(4);
    }
  });
});

describe('example workspace ashen-reach: ruleset and campaign', () => {
  it('has a ruleset variant that extends core, used by the manifest or a scenario', () => {
    const variant = ws.rulesets.find((r) => r.extends === 'core');
    expect(variant).toBeDefined();
    const users = [ws.workspace[0].ruleset, ...ws.scenarios.map((s) => s.ruleset)];
    expect(users).toContain(variant?.id);
    expect(['core', ...ws.rulesets.map((r) => r.id)]).toContain(ws.workspace[0].ruleset);
  });
  it('records two battles whose aftermath follows the core table (R10.1) and member history', () => {
    const campaign = ws.campaigns[0];
    expect(campaign.battles ?? []).toHaveLength(2);
    const table = CORE_RULESET.aftermath.table;
    for (const b of campaign.battles ?? []) {
      expect(campaign.scenarios).toContain(b.scenario);
      expect(Number.isInteger(b.seed)).toBe(true);
      for (const crew of Object.values(b.sides)) expect(campaign.crews).toContain(crew);
      if (b.winner !== null) {
        const loser = Object.keys(b.points).find((k) => k !== b.winner) as string;
        expect(b.points[b.winner]).toBeGreaterThan(b.points[loser]);
      }
      for (const a of b.aftermath ?? []) {
        expect(table.find((row) => a.roll >= row.min && a.roll <= row.max)?.outcome, a.member).toBe(a.outcome);
        const [crewId, memberId] = a.member.split('/');
        expect(Object.values(b.sides), a.member).toContain(crewId);
        const member = crewById.get(crewId)?.members.find((m) => m.id === memberId);
        expect(member, a.member).toBeDefined();
        const entries = (member?.history ?? []).filter((h) => h.scenario === b.scenario && h.date === b.date);
        expect(entries.length, a.member).toBeGreaterThanOrEqual(1);
        if (a.outcome === 'injury') expect(entries.map((h) => h.kind), a.member).toContain('injury');
      }
    }
  });
});
