/**
 * The scenario sheet: the Area map (links, deployment, objectives), the Areas with their special
 * rules, deployment, objectives with their scoring in words, rounds, end conditions and the
 * ruleset's changes from the core rules.
 */
import { CORE_RULESET } from '../model/ruleset-defaults';
import { asArray, asNumber, asRecord, asString, asStrings, nameOf } from '../model/read';
import type { WorkspaceModel } from '../model/workspace';
import { areaGraph } from './area-layout';
import { esc } from './html';
import { effectInWords, objectiveInWords } from './words';

const MAP_SIZE = 300;

/** The Area map as inline SVG with a text alternative; side letters mark deployment, ◆ objectives. */
function areaMap(areas: unknown, sides: Record<string, unknown>[], objectives: Record<string, unknown>[]): string {
  const { nodes, edges } = areaGraph(areas, MAP_SIZE);
  if (nodes.length === 0) return '';
  const at = new Map(nodes.map((n) => [n.id, n]));
  const linked = asArray(areas).some((a) => asRecord(a).links !== undefined);
  const alt = linked ? `Area map. Links: ${edges.map((e) => `${e.from} ${e.both ? '↔' : '→'} ${e.to}`).join(', ') || 'none'}` : 'Area map: no links, every Area reaches every other';
  const lines = edges.map((e) => {
    const a = at.get(e.from)!;
    const b = at.get(e.to)!;
    return `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="#000" stroke-width="1.5"${e.both ? '' : ' marker-end="url(#arrow)"'}/>`;
  });
  const circles = nodes.map((n) => {
    const deploy = sides.filter((s) => s.deploy === n.id).map((s) => asString(s.id).toUpperCase());
    const marks = objectives.filter((o) => o.area === n.id).length;
    return `<g><circle cx="${n.x}" cy="${n.y}" r="20" fill="#fff" stroke="#000" stroke-width="1.5"/>
<text x="${n.x}" y="${n.y + 5}" text-anchor="middle" font-size="14" font-weight="700">${esc(deploy.join(' '))}${marks > 0 ? ` ${'◆'.repeat(Math.min(marks, 3))}` : ''}</text>
<text x="${n.x}" y="${n.y + 36}" text-anchor="middle" font-size="13">${esc(n.name)}</text></g>`;
  });
  return `<figure class="map"><svg role="img" aria-label="${esc(alt)}" viewBox="-70 -6 ${MAP_SIZE + 140} ${MAP_SIZE + 12}" xmlns="http://www.w3.org/2000/svg">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="30" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/></marker></defs>
${lines.join('\n')}
${circles.join('\n')}</svg><figcaption class="muted">Letters: deployment of each side. ◆ objectives.${linked ? '' : ' No links: any Area to any Area.'}</figcaption></figure>`;
}

/** The knobs of `overrides` (a ruleset document) that differ from the core rules, as `path: value`. */
function knobChanges(overrides: unknown, base: unknown = CORE_RULESET, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(asRecord(overrides))) {
    if (['kind', 'schemaVersion', 'id', 'name', 'text', 'extends'].includes(key) && prefix === '') continue;
    const was = asRecord(base)[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) out.push(...knobChanges(value, was, `${prefix}${key}.`));
    else if (JSON.stringify(value) !== JSON.stringify(was)) out.push(`${prefix}${key}: ${Array.isArray(value) ? JSON.stringify(value) : String(value)}`);
  }
  return out;
}

/** The changes of `rulesetId` and every ruleset it extends, nearest last wins. */
function rulesetChanges(model: WorkspaceModel, rulesetId: string): string[] {
  const chain: unknown[] = [];
  const seen = new Set<string>();
  for (let id: string | undefined = rulesetId; id && id !== 'core' && !seen.has(id); id = asString(model.rulesets.get(id)?.extends) || undefined) {
    seen.add(id);
    chain.unshift(model.rulesets.get(id));
  }
  const all = new Map<string, string>();
  for (const doc of chain) for (const line of knobChanges(doc)) all.set(line.slice(0, line.indexOf(':')), line);
  return [...all.values()];
}

/** The body of the sheet of `scenarioId` (the scenario exists in `model`). */
export function scenarioSheetBody(model: WorkspaceModel, scenarioId: string): string {
  const s = model.scenarios.get(scenarioId)!;
  const areas = asArray(s.areas).map(asRecord);
  const sides = asArray(s.sides).map(asRecord);
  const objectives = asArray(s.objectives).map(asRecord);
  const areaName = (id: string): string => nameOf(areas.find((a) => a.id === id), id);
  const sideName = (id: string): string => nameOf(sides.find((x) => x.id === id), id);
  // Objectives name members by id (or `side:id`), looked up in the crews of both sides (R9.1).
  const memberName = (ref: string): string => {
    const id = ref.includes(':') ? ref.slice(ref.indexOf(':') + 1) : ref;
    const all = sides.flatMap((x) => asArray(model.crews.get(asString(x.crew))?.members));
    return nameOf(all.find((m) => asRecord(m).id === id), ref);
  };
  const rounds = asNumber(s.rounds) ?? 6;
  const ruleset = asString(s.ruleset) || model.workspace?.ruleset || 'core';
  const end = asRecord(s.endWhen);
  const endLines = [
    `after round ${rounds}`,
    'as soon as one side has nobody left in the battle',
    ...(asNumber(end.points) !== undefined ? [`when a side reaches ${end.points} points`] : []),
    ...(end.allObjectivesDone === true ? ['when every completable objective is done'] : []),
  ];
  const perEnemy = asNumber(asRecord(s.scoring).perEnemyIncapacitated) ?? 0;
  const limit = asNumber(s.crewValueLimit);
  const meta = [`<b>${rounds}</b> rounds`, `ruleset '${esc(ruleset)}'`, ...(limit !== undefined ? [`crew value limit <b>${limit}</b>`] : []), ...(model.workspace?.name ? [esc(model.workspace.name)] : [])];
  const areaCards = areas.map((a) => {
    const rules = asArray(a.rules).map((r) => `<li><b>${esc(nameOf(r, 'Special rule'))}</b>${asArray(asRecord(r).effects).length ? ` — ${asArray(asRecord(r).effects).map((e) => esc(effectInWords(e))).join('; ')}` : ''}${asString(asRecord(r).text) ? ` <span class="muted">${esc(asRecord(r).text)}</span>` : ''}</li>`);
    const links = asStrings(a.links);
    return `<section class="card" aria-label="Area ${esc(nameOf(a, asString(a.id)))}"><header><h3>${esc(nameOf(a, asString(a.id)))}</h3><span class="muted">${esc(asStrings(a.tags).join(', '))}</span></header>
${asString(a.text) ? `<p>${esc(a.text)}</p>` : ''}${a.links !== undefined ? `<p class="muted">Moves to: ${links.length ? esc(links.map(areaName).join(', ')) : 'nowhere (a dead end)'}</p>` : ''}${rules.length ? `<p><b>Special rules</b></p><ul>${rules.join('')}</ul>` : ''}</section>`;
  });
  const deployment = sides.map((side) => {
    const crew = asString(side.crew);
    const members = asArray(model.crews.get(crew)?.members);
    const memberName = (id: string): string => nameOf(members.find((m) => asRecord(m).id === id), id);
    const exceptions = Object.entries(asRecord(side.deployMembers)).map(([m, area]) => `${esc(memberName(m))} in ${esc(areaName(asString(area)))}`);
    return `<li><b>${esc(asString(side.id).toUpperCase())} — ${esc(nameOf(side, asString(side.id)))}</b>: deploys in ${esc(areaName(asString(side.deploy)))}${exceptions.length ? ` (except ${exceptions.join(', ')})` : ''}${crew ? `; crew: ${esc(nameOf(model.crews.get(crew), crew))}` : ''}</li>`;
  });
  const objectiveLines = objectives.map((o) => `<li><b>${esc(nameOf(o, asString(o.id)))}</b> <span class="muted">(${esc(asString(o.kind))}, ${asNumber(o.points) ?? 1} pt${(asNumber(o.points) ?? 1) === 1 ? '' : 's'})</span> — ${esc(objectiveInWords(o, areaName, sideName, memberName))}${asString(o.text) ? ` <span class="muted">${esc(o.text)}</span>` : ''}</li>`);
  const changes = rulesetChanges(model, ruleset);
  return `<article class="ms-sheet sheet" aria-label="Scenario: ${esc(nameOf(s, scenarioId))}">
<h1>${esc(nameOf(s, scenarioId))}</h1>
<p class="meta">${meta.map((m) => `<span>${m}</span>`).join('')}</p>
${areaMap(areas, sides, objectives)}
${asString(s.text) ? `<p>${esc(s.text)}</p>` : ''}
<h2>Deployment</h2><ul>${deployment.join('')}</ul>
<h2>Objectives</h2>${objectiveLines.length ? `<ul>${objectiveLines.join('')}</ul>` : '<p>None: the battle is won on incapacitations and survival.</p>'}
<h2>Scoring and end</h2><ul>${perEnemy ? `<li>${perEnemy} point${perEnemy === 1 ? '' : 's'} for every enemy taken out.</li>` : ''}<li>The battle ends ${esc(endLines.join(', or '))}. More points wins; equal points is a draw.</li></ul>
${changes.length ? `<h2>Rules changes (ruleset '${esc(ruleset)}')</h2><ul>${changes.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>` : ''}
<div class="clear"></div>
<h2>Areas</h2>
<div class="columns">${areaCards.join('\n')}</div>
</article>`;
}
