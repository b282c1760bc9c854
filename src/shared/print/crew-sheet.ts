/**
 * The crew roster sheet: every member with name, type, die, Health boxes, the max roll at each
 * Health level, abilities and equipment with their effects in words, and the crew value; then
 * the crew's campaign record in short.
 */
import { crewValue, maxRollsByHealth, recruitCost, workspaceKnobs } from '../model/crew-figures';
import { asArray, asNumber, asRecord, asString, asStrings, nameOf } from '../model/read';
import type { WorkspaceModel } from '../model/workspace';
import { esc } from './html';
import { effectInWords } from './words';

/** At most this many history lines per member and battles per campaign (the sheet is a summary). */
const SHORT = 5;

const effectsList = (effects: unknown): string => {
  const list = asArray(effects);
  return list.length === 0 ? '' : ` — ${list.map((e) => esc(effectInWords(e))).join('; ')}`;
};

function abilityLine(model: WorkspaceModel, id: string, from?: string): string {
  const a = model.abilities.get(id);
  if (!a) return `<li><b>${esc(id)}</b> <span class="muted">(not in the workspace's libraries)</span></li>`;
  const text = asString(a.text) ? ` <span class="muted">${esc(a.text)}</span>` : '';
  return `<li><b>${esc(nameOf(a, id))}</b>${from ? ` <span class="muted">(from type ${esc(from)})</span>` : ''}${effectsList(a.effects)}${text}</li>`;
}

function itemLine(model: WorkspaceModel, id: string): string {
  const item = model.equipment.get(id);
  if (!item) return `<li><b>${esc(id)}</b> <span class="muted">(not in the workspace's libraries)</span></li>`;
  const facts = [`cost ${asNumber(item.cost) ?? 0}`, ...(item.ranged === true ? ['ranged'] : [])].join(', ');
  const text = asString(item.text) ? ` <span class="muted">${esc(item.text)}</span>` : '';
  return `<li><b>${esc(nameOf(item, id))}</b> (${facts})${effectsList(item.effects)}${text}</li>`;
}

function memberCard(model: WorkspaceModel, member: unknown, knobs: ReturnType<typeof workspaceKnobs>): string {
  const m = asRecord(member);
  const id = asString(m.id);
  const health = Math.max(0, Math.min(50, Math.floor(asNumber(m.health) ?? 0)));
  const captain = m.captain === true;
  const typeId = asString(m.type);
  const homebrew = model.crewTypes.get(typeId);
  const type = homebrew ? `${nameOf(homebrew, typeId)} (homebrew ${esc(asString(homebrew.base))})` : typeId || '?';
  const levels = maxRollsByHealth(m.die, m.health, captain, knobs);
  const rollTable =
    levels.length === 0
      ? ''
      : `<table aria-label="Max roll by Health"><tr><th>Health</th>${levels.map((l) => `<td>${l.lastStand ? 'Last Stand' : l.health}</td>`).join('')}</tr><tr><th>Max roll</th>${levels.map((l) => `<td>${l.maxRoll}</td>`).join('')}</tr></table>`;
  const abilities = [...asStrings(m.abilities).map((a) => abilityLine(model, a)), ...asStrings(homebrew?.abilities).map((a) => abilityLine(model, a, nameOf(homebrew, typeId)))];
  const items = asStrings(m.equipment).map((e) => itemLine(model, e));
  const rules = asArray(m.rules).map((r) => `<li><b>${esc(nameOf(r, 'Special rule'))}</b>${effectsList(asRecord(r).effects)}</li>`);
  const history = asArray(m.history).map(asRecord);
  const historyLines = history.slice(-SHORT).map((h) => `<li>${esc([asString(h.date), asString(h.kind), asString(h.scenario) && `at ${asString(h.scenario)}`].filter(Boolean).join(' '))}${asString(h.text) ? `: ${esc(h.text)}` : ''}</li>`);
  if (history.length > SHORT) historyLines.unshift(`<li class="muted">${history.length - SHORT} earlier entries not shown</li>`);
  const section = (title: string, lines: string[]): string => (lines.length === 0 ? '' : `<p><b>${title}</b></p><ul>${lines.join('')}</ul>`);
  return `<section class="card" aria-label="${esc(nameOf(m, id))}">
<header><h3>${esc(nameOf(m, id))}${captain ? ' <span class="badge">Captain</span>' : ''}</h3><span class="muted">${esc(id)} · recruit cost ${recruitCost(m, model)}</span></header>
<div class="stats"><span>Type: <b>${esc(type)}</b></span><span>Die: <b>${esc(asString(m.die) || '?')}</b></span><span>Health: <span class="boxes" role="img" aria-label="${health} Health boxes">${'<span class="box"></span>'.repeat(health)}</span></span></div>
${rollTable}
${asString(m.text) ? `<p class="muted">${esc(m.text)}</p>` : ''}
${section('Abilities', abilities)}${section('Equipment', items)}${section('Special rules', rules)}${section('History', historyLines)}
</section>`;
}

function campaignRecord(model: WorkspaceModel, crewId: string): string {
  const out: string[] = [];
  for (const [id, c] of model.campaigns) {
    if (!asStrings(c.crews).includes(crewId)) continue;
    const battles = asArray(c.battles).map(asRecord).filter((b) => Object.values(asRecord(b.sides)).includes(crewId));
    let won = 0;
    let lost = 0;
    const lines = battles.map((b) => {
      const sides = asRecord(b.sides);
      const mine = Object.keys(sides).find((s) => sides[s] === crewId) ?? '';
      const theirs = Object.keys(sides).find((s) => s !== mine) ?? '';
      const points = asRecord(b.points);
      const result = b.winner === null || b.winner === undefined ? 'draw' : b.winner === mine ? 'won' : 'lost';
      if (result === 'won') won++;
      if (result === 'lost') lost++;
      const fallen = asArray(b.aftermath).map(asRecord).filter((a) => asString(a.member).startsWith(`${crewId}/`));
      const after = fallen.length > 0 ? `; aftermath: ${fallen.map((a) => `${asString(a.member).slice(crewId.length + 1)} ${asString(a.outcome)}`).join(', ')}` : '';
      return `<li>${esc(asString(b.date))} ${esc(asString(b.scenario))} vs ${esc(asString(sides[theirs]))}: ${result} ${asNumber(points[mine]) ?? 0}–${asNumber(points[theirs]) ?? 0}${esc(after)}</li>`;
    });
    const shown = lines.slice(-SHORT);
    if (lines.length > SHORT) shown.unshift(`<li class="muted">${lines.length - SHORT} earlier battles not shown</li>`);
    out.push(`<p><b>${esc(nameOf(c, id))}</b>: ${battles.length} battle${battles.length === 1 ? '' : 's'}, ${won} won, ${lost} lost, ${battles.length - won - lost} drawn</p>${shown.length > 0 ? `<ul>${shown.join('')}</ul>` : ''}`);
  }
  return out.length === 0 ? '' : `<h2>Campaign record</h2>${out.join('')}`;
}

/** The body of the roster sheet of `crewId` (the crew exists in `model`). */
export function crewSheetBody(model: WorkspaceModel, crewId: string): string {
  const crew = model.crews.get(crewId)!;
  const knobs = workspaceKnobs(model);
  const members = asArray(crew.members);
  const ruleset = model.workspace?.ruleset ?? 'core';
  const meta = [
    `Crew value <b>${crewValue(members, model)}</b>`,
    `${members.length} member${members.length === 1 ? '' : 's'}`,
    ...(crew.npc === true ? ['played by the engine (NPC)'] : []),
    `max rolls under ruleset '${esc(ruleset)}'`,
    ...(model.workspace?.name ? [esc(model.workspace.name)] : []),
  ];
  return `<article class="ms-sheet sheet" aria-label="Crew roster: ${esc(nameOf(crew, crewId))}">
<h1>${esc(nameOf(crew, crewId))}</h1>
<p class="meta">${meta.map((m) => `<span>${m}</span>`).join('')}</p>
${asString(crew.text) ? `<p>${esc(crew.text)}</p>` : ''}
<h2>Roster</h2>
${members.map((m) => memberCard(model, m, knobs)).join('\n')}
${campaignRecord(model, crewId)}
</article>`;
}
