/**
 * Cross-document checks of a campaign: its crews and scenarios exist, every recorded battle's
 * references resolve, and the ledger agrees with the crews (R10): aftermath rolls within the
 * ruleset's aftermath die and read on its table, injuries and deaths written into the members,
 * no dead member fighting again, no crew in two campaigns.
 */
import { aftermathOutcome, aftermathSides, injuredHealth } from '../../engine/aftermath';
import { resolveRuleset } from '../../engine/ruleset';
import { entryBattles } from '../../campaign/rebuild';
import { CORE_RULESET_ID } from '../../model/ruleset-defaults';
import type { CampaignDoc, CrewDoc, HistoryEntry } from '../../model/types';
import { didYouMean } from '../did-you-mean';
import type { CrossContext, DefKey } from './context';
import { asArr, asObj, asStr } from './context';
import { crewValue } from './crew';
import { checkRef, idsOf } from './refs';

type Seg = string | number;

/** The member behind `crew/member` (recording the dependency), or null without reporting. */
function memberOf(ctx: CrossContext, ref: unknown): { crewId: string; memberId: string; crew: CrewDoc; member: Record<string, unknown> } | null {
  const [crewId, memberId] = asStr(ref)?.split('/') ?? [];
  if (!crewId || !memberId || !ctx.has(`crew:${crewId}`)) return null;
  const crew = ctx.model.crews.get(crewId);
  const member = asArr(crew?.members).map(asObj).find((m) => m.id === memberId);
  return crew && member ? { crewId, memberId, crew, member } : null;
}

/** Reports `unknown-ref` for a `crew/member` reference whose crew or member does not exist. */
function checkMemberRef(ctx: CrossContext, label: string, ref: unknown, path: readonly Seg[]): void {
  const [crewId, memberId] = asStr(ref)?.split('/') ?? [];
  if (!crewId || !memberId) return;
  if (!checkRef(ctx, label, 'crew', crewId, path)) return;
  const members = asArr(asObj(ctx.model.crews.get(crewId)).members).map((m) => asStr(asObj(m).id) ?? '');
  if (!members.includes(memberId)) ctx.report(path, 'error', 'unknown-ref', `${label}: crew '${crewId}' has no member '${memberId}'${didYouMean(memberId, members)}`);
}

/** The aftermath knobs of a battle's ruleset (recording the rulesets read), or null. */
function aftermathKnobsOf(ctx: CrossContext, battle: Record<string, unknown>) {
  const scenario = asObj(ctx.model.scenarios.get(asStr(battle.scenario) ?? ''));
  ctx.lookup('workspace');
  let id = asStr(battle.ruleset) ?? asStr(scenario.ruleset) ?? asStr(ctx.model.workspace?.ruleset) ?? CORE_RULESET_ID;
  const start = id;
  for (let n = 0; id !== CORE_RULESET_ID && n < 32; n++) {
    ctx.lookup(`ruleset:${id}`);
    id = asStr(asObj(ctx.model.rulesets.get(id)).extends) ?? CORE_RULESET_ID;
  }
  const knobs = resolveRuleset(ctx.model, start);
  return knobs.ok ? knobs.value.aftermath : null;
}

/** The history entry of a member for battle `index` of kind `kind`, if any. */
function entryFor(campaign: CampaignDoc, crewId: string, member: Record<string, unknown>, index: number, kind: HistoryEntry['kind']): HistoryEntry | null {
  const history = asArr(member.history).map(asObj) as unknown as HistoryEntry[];
  const at = entryBattles(campaign, crewId, history);
  return history.find((e, k) => e.kind === kind && at[k] === index) ?? null;
}

function checkBattleRefs(ctx: CrossContext, battle: Record<string, unknown>, at: Seg[], label: string): void {
  const scen = checkRef(ctx, label, 'scenario', battle.scenario, [...at, 'scenario']) ? asObj(ctx.model.scenarios.get(battle.scenario as string)) : null;
  const sideIds = scen ? asArr(scen.sides).map((s) => asStr(asObj(s).id)).filter((x): x is string => x !== null) : null;
  const sides = asObj(battle.sides);
  for (const [side, crew] of Object.entries(sides)) {
    if (sideIds && sideIds.length > 0 && !sideIds.includes(side)) {
      ctx.report([...at, 'sides', side], 'error', 'unknown-ref', `${label}: scenario '${battle.scenario as string}' has no side '${side}'${didYouMean(side, sideIds) || `; use ${sideIds.join(' and ')}`}`, 'key');
    }
    checkRef(ctx, `${label} side '${side}'`, 'crew', crew, [...at, 'sides', side]);
  }
  const winner = asStr(battle.winner);
  if (winner !== null && !Object.hasOwn(sides, winner)) {
    ctx.report([...at, 'winner'], 'error', 'unknown-ref', `${label}: winner '${winner}' is not one of its sides (${Object.keys(sides).join(', ')})${didYouMean(winner, Object.keys(sides))}`);
  }
  for (const side of Object.keys(asObj(battle.points))) {
    if (Object.keys(sides).length > 0 && !Object.hasOwn(sides, side)) {
      ctx.report([...at, 'points', side], 'error', 'unknown-ref', `${label}: points are given to side '${side}', which is not one of its sides (${Object.keys(sides).join(', ')})${didYouMean(side, Object.keys(sides)) || '; use the side ids of `sides`'}`, 'key');
    }
  }
  if (battle.ruleset !== undefined) checkRef(ctx, label, 'ruleset', battle.ruleset, [...at, 'ruleset'], ['core']);
  asArr(battle.aftermath).forEach((a, j) => {
    checkMemberRef(ctx, label, asObj(a).member, [...at, 'aftermath', j, 'member']);
    if (asObj(a).by !== undefined) checkMemberRef(ctx, label, asObj(a).by, [...at, 'aftermath', j, 'by']);
  });
  asArr(battle.fled).forEach((f, j) => checkMemberRef(ctx, label, f, [...at, 'fled', j]));
}

/** The ledger against the crews: rolls, outcomes, lasting effects, dead members fighting. */
function checkLedger(ctx: CrossContext, campaign: CampaignDoc, battles: unknown[]): void {
  const diedAt = new Map<string, number>();
  battles.forEach((b, i) => {
    const battle = asObj(b);
    const at: Seg[] = ['battles', i];
    const label = `campaign '${campaign.id}' battle #${i + 1}`;
    const knobs = aftermathKnobsOf(ctx, battle);
    const diedHere: string[] = [];
    const fighting = (ref: unknown, path: Seg[]): void => {
      const r = asStr(ref);
      const died = r === null ? undefined : diedAt.get(r);
      if (died !== undefined) ctx.report(path, 'error', 'campaign-dead-fielded', `${label}: '${r}' fights here, but it died in battle #${died + 1}; a dead member is never fielded again — fix the ledger`);
    };
    asArr(battle.aftermath).forEach((a, j) => {
      const row = asObj(a);
      const path: Seg[] = [...at, 'aftermath', j];
      fighting(row.member, [...path, 'member']);
      if (row.by !== undefined) fighting(row.by, [...path, 'by']);
      const roll = row.roll;
      if (knobs && typeof roll === 'number') {
        const sides = aftermathSides(knobs);
        // Rolls outside 1..20 (or not whole) are the schema's to report.
        if (Number.isInteger(roll) && roll >= 1 && roll <= 20 && roll > sides) {
          ctx.report([...path, 'roll'], 'error', 'campaign-aftermath-roll', `${label}: aftermath roll ${roll} of '${asStr(row.member) ?? '?'}' is impossible on the ruleset's aftermath die ${knobs.die} (1..${sides}); correct the roll`);
        } else if (Number.isInteger(roll) && roll >= 1 && roll <= sides && typeof row.outcome === 'string' && aftermathOutcome(knobs, roll) !== row.outcome) {
          ctx.report([...path, 'outcome'], 'warning', 'campaign-aftermath-outcome', `${label}: roll ${roll} reads '${aftermathOutcome(knobs, roll)}' on the ruleset's aftermath table, not '${row.outcome}'; correct the outcome (or the roll)`);
        }
      }
      const found = memberOf(ctx, row.member);
      if (!found) return;
      const who = `'${found.crewId}/${found.memberId}'`;
      if (row.outcome === 'dead') {
        diedHere.push(`${found.crewId}/${found.memberId}`);
        if (found.member.status !== 'dead') {
          ctx.report([...path, 'outcome'], 'error', 'campaign-aftermath-unapplied', `${label}: ${who} died here, but its crew file does not mark it 'status: dead'; set it (or record the battle through the editor)`);
        }
      } else if (row.outcome === 'injury') {
        const entry = entryFor(campaign, found.crewId, found.member, i, 'injury');
        if (!entry) {
          ctx.report([...path, 'outcome'], 'error', 'campaign-aftermath-unapplied', `${label}: ${who} suffered a lasting injury here, but its history has no injury for this battle and its max Health may not have changed; add {kind: injury, scenario: ${asStr(battle.scenario) ?? '?'}, date: ${String(battle.date)}, health: {from: N, to: N−1}} and lower its health`);
        } else if (entry.health && entry.health.to !== injuredHealth(entry.health.from)) {
          ctx.report([...path, 'outcome'], 'error', 'campaign-aftermath-unapplied', `${label}: the injury of ${who} takes max Health from ${entry.health.from} to ${entry.health.to}; a lasting injury lowers it by one, never below 1 (to ${injuredHealth(entry.health.from)})`);
        }
      }
    });
    asArr(battle.fled).forEach((f, j) => fighting(f, [...at, 'fled', j]));
    for (const [side, crewId] of Object.entries(asObj(battle.sides))) {
      for (const [ref, died] of diedAt) {
        if (died >= i || !ref.startsWith(`${String(crewId)}/`)) continue;
        const found = memberOf(ctx, ref);
        if (found && (entryFor(campaign, found.crewId, found.member, i, 'victory') || entryFor(campaign, found.crewId, found.member, i, 'defeat'))) {
          ctx.report([...at, 'sides', side], 'error', 'campaign-dead-fielded', `${label}: '${ref}' has a result in its history for this battle, but it died in battle #${died + 1}; a dead member is never fielded again`);
        }
      }
    }
    for (const ref of diedHere) diedAt.set(ref, i);
  });
}

/** Checks of a campaign: its crews and scenarios, every recorded battle, and the ledger against the crews. */
export function checkCampaign(ctx: CrossContext, data: Record<string, unknown>): void {
  const id = asStr(data.id) ?? '?';
  const me = `campaign '${id}'`;
  if (asStr(data.id)) ctx.checkUnique(`campaign:${id}`, 0, ['id'], me);
  const crews = asArr(data.crews).map((c, i) => (checkRef(ctx, me, 'crew', c, ['crews', i]) ? (c as string) : null));
  const limits = asArr(data.scenarios)
    .map((s, i) => (checkRef(ctx, me, 'scenario', s, ['scenarios', i]) ? { id: s as string, limit: asObj(ctx.model.scenarios.get(s as string)).crewValueLimit } : null))
    .filter((x): x is { id: string; limit: number } => x !== null && typeof x.limit === 'number');
  crews.forEach((c, i) => {
    if (c === null || limits.length === 0) return;
    const value = crewValue(ctx, ctx.model.crews.get(c));
    const over = limits.filter((l) => value > l.limit);
    if (over.length) {
      ctx.report(['crews', i], 'warning', 'crew-value', `${me}: crew '${c}' is worth ${value}, above the crewValueLimit of ${over.map((l) => `'${l.id}' (${l.limit})`).join(', ')}; adjust the crew or the limits`);
    }
  });
  // A crew's history can follow one campaign only.
  for (const other of idsOf(ctx, 'campaign')) {
    if (other === id) continue;
    ctx.lookup(`campaign:${other}` as DefKey);
    const theirs = asArr(asObj(ctx.model.campaigns.get(other)).crews);
    crews.forEach((c, i) => {
      if (c !== null && theirs.includes(c)) ctx.report(['crews', i], 'error', 'campaign-crew-shared', `${me}: crew '${c}' is also in campaign '${other}'; a crew's history can follow one campaign only — copy the crew under a new id for one of them`);
    });
  }
  const battles = asArr(data.battles);
  battles.forEach((b, i) => {
    const battle = asObj(b);
    checkBattleRefs(ctx, battle, ['battles', i], `${me} battle #${i + 1}`);
    for (const [side, crew] of Object.entries(asObj(battle.sides))) {
      // Not when the campaign's own list has an unknown crew: that error explains it.
      if (typeof crew === 'string' && ctx.model.crews.has(crew) && !crews.includes(crew) && !crews.includes(null)) {
        ctx.report(['battles', i, 'sides', side], 'warning', 'campaign-side-crew', `${me} battle #${i + 1}: crew '${crew}' is not one of the campaign's crews; add it to 'crews'`);
      }
    }
  });
  const campaign = ctx.model.campaigns.get(id);
  if (campaign && ctx.model.pathOf.get(`campaign:${id}`) === ctx.doc.path) checkLedger(ctx, campaign, battles);
}
