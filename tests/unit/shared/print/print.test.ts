import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectInWords, objectiveInWords, renderPrintSheet, whenInWords } from '../../../../src/shared/print';
import { validateFiles } from '../../../../src/shared/validation';
import { EFFECT_KEYS } from '../../../../src/shared/model/types';

const ROOT = join(__dirname, '../../../../resources/examples/ashen-reach');
const files = (dir: string): { path: string; text: string }[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.ya?ml$/.test(n) ? [{ path: relative(ROOT, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }] : [];
  });
const model = validateFiles(files(ROOT)).model;
/** The visible text of a sheet (tags dropped, entities decoded). */
const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('effects and objectives in words', () => {
  it('every effect key of R11 has words, with its when', () => {
    expect(effectInWords({ rollModifier: 1, when: { role: 'attacker' } })).toBe('+1 to its roll when attacking');
    expect(effectInWords({ rollModifier: -1 })).toBe('−1 to its roll');
    expect(effectInWords({ damage: 2, when: { role: 'attacker', roundAtLeast: 3 } })).toBe('deals 2 damage on a win when attacking, from round 3');
    expect(effectInWords({ armor: 1, when: { healthAtMost: 1 } })).toBe('takes 1 less damage at 1 Health or less');
    expect(effectInWords({ dieOverride: 'd12' })).toBe('rolls a d12 instead of its own die');
    expect(effectInWords({ swarm: 'never' })).toBe('never joins a Swarm');
    const samples: Record<string, unknown> = { reroll: 'once', keepHighest: 'd8', dieOverride: 'd8', blast: true, firstStrike: true, swarm: 'always' };
    for (const key of EFFECT_KEYS) expect(effectInWords({ [key]: samples[key] ?? 2 }), key).not.toMatch(/unknown|no effect/);
    expect(effectInWords({ teleport: 3 })).toBe("unknown effect 'teleport'");
    expect(whenInWords({ opponentType: 'machine', vsSwarm: true, inSwarm: false, area: 'flooded', opponentDieAtLeast: 'd10' })).toBe(
      'against machine opponents, against a d10 or bigger die, in flooded, when not in a Swarm, against a Swarm',
    );
  });

  it('objectives say how they score (R9.1–R9.3)', () => {
    const area = (id: string) => ({ vault: 'Reactor Vault' })[id] ?? id;
    const side = (id: string) => ({ a: 'The Choir' })[id] ?? id;
    expect(objectiveInWords({ kind: 'interact', area: 'vault', progress: 2, points: 3, whenContested: 'roll', difficulty: 5, resetOnDamage: true }, area, side)).toBe(
      "Interact in Reactor Vault: 2 Interacts by one side's members complete it for 3 points (either side); scores once, for the first side; with enemies in the Area, an Interact needs a roll of 5+; progress is lost when the member working on it takes damage.",
    );
    expect(objectiveInWords({ kind: 'control', area: 'vault', by: 'value', side: 'a' }, area, side)).toBe('Control Reactor Vault: at each round end, the side with the higher total of dice there scores 1 point (The Choir only).');
    expect(objectiveInWords({ kind: 'protect', member: 'warden-7', points: 2 }, area, side)).toBe('Protect warden-7: at the end, its side scores 2 points if it is still standing.');
    expect(objectiveInWords({ kind: 'survive', count: 2 }, area, side)).toContain('at least 2 members still in the battle');
  });
});

describe('print sheets', () => {
  it('a crew roster has every member with type, die, Health boxes, max roll by Health, abilities and equipment in words, and the crew value', () => {
    const sheet = renderPrintSheet(model, 'crew', 'iron-choir');
    expect(sheet.ok).toBe(true);
    if (!sheet.ok) return;
    expect(sheet.value.title).toBe('The Iron Choir — crew roster');
    const t = text(sheet.value.html);
    expect(t).toContain('Crew value 42');
    for (const m of model.crews.get('iron-choir')!.members) expect(t).toContain(m.name);
    expect(t).toContain('Warden-7 Captain');
    expect(t).toContain('Type: machine Die: d10');
    expect(sheet.value.html).toContain('aria-label="3 Health boxes"><span class="box"></span><span class="box"></span><span class="box"></span></span>');
    // R1.4 max roll by Health (core: −2 per lost Health) and R7.2 Last Stand for the Captain.
    expect(t).toContain('Health 3 2 1 Last Stand Max roll 10 8 6 2');
    expect(t).toContain('Steady Aim — +1 to its roll when attacking');
    expect(t).toContain('Rust Cannon (cost 2, ranged) — deals 2 damage on a win when attacking');
    expect(t).toMatch(/Campaign record The Ashen Reach ?: 1 battle, 1 won, 0 lost, 0 drawn 2026-11-14 drowned-foundry vs rot-saints: won 6–2; aftermath: cantor-5 recovers/);
    expect(sheet.value.html).not.toMatch(/<script|src=|href=/);
  });

  it('homebrew types show their base and the abilities they grant', () => {
    const sheet = renderPrintSheet(model, 'crew', 'rot-saints');
    const t = sheet.ok ? text(sheet.value.html) : '';
    expect(t).toMatch(/Type: Bloom Host \(homebrew mycelian\)/);
    expect(t).toContain('(from type Bloom Host)');
  });

  it('a scenario sheet has the map, deployment, objectives with scoring, special rules, rounds and the ruleset changes', () => {
    const sheet = renderPrintSheet(model, 'scenario', 'glass-temple');
    expect(sheet.ok).toBe(true);
    if (!sheet.ok) return;
    const t = text(sheet.value.html);
    expect(sheet.value.html).toMatch(/<svg role="img" aria-label="Area map/);
    expect(t).toMatch(/\d+ rounds ruleset 'grim-reach'/);
    expect(t).toMatch(/Deployment A — The Pilgrims ?: deploys in Temple Steps; crew: The Lantern Pilgrims/);
    expect(t).toContain('Shattered Reflections — −1 to its roll when attacking');
    expect(t).toContain('Things That Wait — its damage lands first when defending');
    expect(t).toContain("Rules changes (ruleset 'grim-reach') clash.tie: defender");
    expect(t).toContain('morale.enabled: true');
    for (const o of model.scenarios.get('glass-temple')!.objectives ?? []) expect(t).toContain(o.name);
  });

  it('unknown ids fail listing the ids; hostile text is escaped', () => {
    const r = renderPrintSheet(model, 'crew', 'nobody');
    expect(r).toMatchObject({ ok: false, error: { code: 'print/unknown-id' } });
    if (!r.ok) expect(r.error.message).toContain('crews: glasswing-brood, iron-choir');
    const hostile = validateFiles([{ path: 'c.yaml', text: 'kind: crew\nschemaVersion: 1\nid: x\nname: "<script>alert(1)</script>"\nmembers:\n  - {id: m, name: "<img src=x onerror=alert(1)>", type: survivor, die: d6, health: 2, captain: true}\n' }]).model;
    const sheet = renderPrintSheet(hostile, 'crew', 'x');
    expect(sheet.ok && sheet.value.html).not.toMatch(/<script>alert|<img src/);
  });

  it('property: never throws on documents with the wrong shapes', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (members, areas) => {
        const m = validateFiles([]).model;
        m.crews.set('c', { kind: 'crew', schemaVersion: 1, id: 'c', name: 'C', members } as never);
        m.scenarios.set('s', { kind: 'scenario', schemaVersion: 1, id: 's', name: 'S', areas, sides: members, objectives: areas } as never);
        return renderPrintSheet(m, 'crew', 'c').ok && renderPrintSheet(m, 'scenario', 's').ok;
      }),
      { numRuns: 200 },
    );
  });
});
