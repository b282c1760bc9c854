/**
 * Every id written in one document: its definitions and its references, with the exact source
 * offsets of the id's characters. The walk mirrors the cross-document checks of the validator
 * (src/shared/validation/cross): each place a check resolves an id is a reference here.
 */
import { isScalar } from 'yaml';
import type { Document, Node } from 'yaml';
import { asArray, asRecord } from '../model/read';
import type { DocKind } from '../model/types';
import { locate } from '../validation/positions';
import type { SymbolKind, SymbolRef } from './symbols';

type Seg = string | number;

/** A reference that needs other documents to resolve (a member of whichever crew plays a side…). */
export type DeferredTarget =
  /** A member id of one of these crews; a null crew is the scenario's side crew at that position. */
  | { deferred: 'member'; id: string; scenario: string | null; crews: (string | null)[]; side?: string }
  /** A balance gate's side argument: a side id of the scenario, else a crew id. */
  | { deferred: 'sideOrCrew'; id: string; scenario: string };

/** An occurrence before resolution: its target may be deferred. */
export interface RawOccurrence {
  file: string;
  target: SymbolRef | DeferredTarget;
  role: 'definition' | 'reference';
  start: number;
  end: number;
  loose?: boolean;
}

/** Facts of one document that references in other documents resolve against. */
export interface DocumentFacts {
  /** Scenario id → its sides, in order, with their default crews. */
  sides: Map<string, { id: string; crew: string | null }[]>;
  /** Crew id → its member ids. */
  members: Map<string, string[]>;
}

/** The parsed document as the validator loads it (only what the walk needs). */
export interface ParsedDocument {
  path: string;
  kind: DocKind | null;
  data: Record<string, unknown> | null;
  document: Document | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Collects occurrences of one document. */
class Collector {
  readonly out: RawOccurrence[] = [];
  constructor(
    private readonly doc: ParsedDocument,
    private readonly text: string,
  ) {}

  /** The value node at `path` (or its key node with `key`), when the whole path exists. */
  private node(path: readonly Seg[], key = false): Node | null {
    const loc = locate(this.doc.document, path);
    if (!loc.complete) return null;
    return key ? loc.key : loc.node;
  }

  /**
   * Records `id` written at `path`, at character `from` of the scalar's value (a part of
   * `crew/member`). Skipped when the source does not hold exactly those characters there
   * (an escape sequence, a block scalar): such a place is never edited blindly.
   */
  add(path: readonly Seg[], target: SymbolRef | DeferredTarget, role: RawOccurrence['role'], opts: { key?: boolean; from?: number; loose?: boolean } = {}): void {
    const id = 'deferred' in target ? target.id : target.id;
    const node = this.node(path, opts.key);
    if (!node || !isScalar(node) || !node.range) return;
    const [r0, r1] = node.range;
    const quote = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0;
    const start = r0 + quote + (opts.from ?? 0);
    const end = start + id.length;
    if (end > r1 || this.text.slice(start, end) !== id) return;
    this.out.push({ file: this.doc.path, target, role, start, end, ...(opts.loose ? { loose: true } : {}) });
  }

  def(path: readonly Seg[], kind: SymbolKind, id: unknown, scope?: string): void {
    const s = str(id);
    if (s !== null) this.add(path, scope === undefined ? { kind, id: s } : { kind, id: s, scope }, 'definition');
  }

  ref(path: readonly Seg[], kind: SymbolKind, id: unknown, scope?: string, opts: { key?: boolean; loose?: boolean } = {}): void {
    const s = str(id);
    if (s !== null) this.add(path, scope === undefined ? { kind, id: s } : { kind, id: s, scope }, 'reference', opts);
  }

  /** `crew-id/member-id` (campaign ledgers): a crew reference and a member reference. */
  memberPath(path: readonly Seg[], value: unknown): void {
    const s = str(value);
    const slash = s?.indexOf('/') ?? -1;
    if (s === null || slash <= 0) return;
    const crew = s.slice(0, slash);
    const member = s.slice(slash + 1);
    this.add(path, { kind: 'crew', id: crew }, 'reference');
    if (member !== '') this.add(path, { kind: 'member', id: member, scope: crew }, 'reference', { from: slash + 1 });
  }

  /** Effects of an ability, item, rule or Area: `when.opponentType` and `when.area`. */
  effects(base: readonly Seg[], holder: unknown, scenario: string | null): void {
    const visit = (effects: unknown, at: readonly Seg[]): void =>
      asArray(effects).forEach((e, i) => {
        const when = asRecord(asRecord(e).when);
        const type = str(when.opponentType);
        if (type !== null) this.ref([...at, i, 'when', 'opponentType'], 'crewType', type);
        const area = str(when.area);
        if (area !== null) {
          if (scenario !== null) this.ref([...at, i, 'when', 'area'], 'area', area, scenario);
          else this.add([...at, i, 'when', 'area'], { kind: 'area', id: area }, 'reference', { loose: true });
        }
      });
    const h = asRecord(holder);
    visit(h.effects, [...base, 'effects']);
    asArray(h.rules).forEach((r, i) => visit(asRecord(r).effects, [...base, 'rules', i, 'effects']));
  }
}

function crew(c: Collector, d: Record<string, unknown>, facts: DocumentFacts): void {
  const crewId = str(d.id);
  c.def(['id'], 'crew', crewId);
  const ids: string[] = [];
  asArray(d.members).forEach((m, i) => {
    const mem = asRecord(m);
    const at = ['members', i];
    const id = str(mem.id);
    if (id !== null) ids.push(id);
    if (crewId !== null) c.def([...at, 'id'], 'member', id, crewId);
    c.ref([...at, 'type'], 'crewType', mem.type);
    asArray(mem.abilities).forEach((a, j) => c.ref([...at, 'abilities', j], 'ability', a));
    asArray(mem.equipment).forEach((e, j) => c.ref([...at, 'equipment', j], 'equipment', e));
    asArray(mem.history).forEach((h, j) => c.ref([...at, 'history', j, 'scenario'], 'scenario', asRecord(h).scenario));
    c.effects(at, mem, null);
  });
  if (crewId !== null) facts.members.set(crewId, ids);
}

function scenario(c: Collector, d: Record<string, unknown>, facts: DocumentFacts): void {
  const sid = str(d.id);
  c.def(['id'], 'scenario', sid);
  if (d.ruleset !== undefined) c.ref(['ruleset'], 'ruleset', d.ruleset);
  if (sid === null) return;
  asArray(d.areas).forEach((a, i) => {
    const area = asRecord(a);
    c.def(['areas', i, 'id'], 'area', area.id, sid);
    asArray(area.links).forEach((l, j) => c.ref(['areas', i, 'links', j], 'area', l, sid));
    c.effects(['areas', i], area, sid);
  });
  const sides = asArray(d.sides).map(asRecord);
  facts.sides.set(sid, sides.map((s) => ({ id: str(s.id) ?? '', crew: str(s.crew) })));
  sides.forEach((side, i) => {
    const at = ['sides', i];
    c.def([...at, 'id'], 'side', side.id, sid);
    c.ref([...at, 'deploy'], 'area', side.deploy, sid);
    c.ref([...at, 'crew'], 'crew', side.crew);
    const crewId = str(side.crew);
    for (const [member, area] of Object.entries(asRecord(side.deployMembers))) {
      if (crewId !== null) c.ref([...at, 'deployMembers', member], 'member', member, crewId, { key: true });
      c.ref([...at, 'deployMembers', member], 'area', area, sid);
    }
  });
  asArray(d.objectives).forEach((o, i) => {
    const obj = asRecord(o);
    const at = ['objectives', i];
    c.def([...at, 'id'], 'objective', obj.id, sid);
    c.ref([...at, 'area'], 'area', obj.area, sid);
    c.ref([...at, 'side'], 'side', obj.side, sid);
    const member = str(obj.member);
    if (member === null) return;
    const colon = member.indexOf(':');
    if (colon > 0) {
      const side = member.slice(0, colon);
      const id = member.slice(colon + 1);
      c.add([...at, 'member'], { kind: 'side', id: side, scope: sid }, 'reference');
      const crewOfSide = sides.find((s) => s.id === side)?.crew;
      const crewId = str(crewOfSide);
      if (crewId !== null && id !== '') c.add([...at, 'member'], { kind: 'member', id, scope: crewId }, 'reference', { from: colon + 1 });
    } else {
      c.add([...at, 'member'], { deferred: 'member', id: member, scenario: sid, crews: sides.map((s) => str(s.crew)) }, 'reference');
    }
  });
}

function campaign(c: Collector, d: Record<string, unknown>): void {
  c.def(['id'], 'campaign', d.id);
  asArray(d.crews).forEach((x, i) => c.ref(['crews', i], 'crew', x));
  asArray(d.scenarios).forEach((x, i) => c.ref(['scenarios', i], 'scenario', x));
  asArray(d.battles).forEach((b, i) => {
    const battle = asRecord(b);
    const at = ['battles', i];
    const scen = str(battle.scenario);
    c.ref([...at, 'scenario'], 'scenario', scen);
    if (battle.ruleset !== undefined) c.ref([...at, 'ruleset'], 'ruleset', battle.ruleset);
    for (const [side, crewId] of Object.entries(asRecord(battle.sides))) {
      if (scen !== null) c.ref([...at, 'sides', side], 'side', side, scen, { key: true });
      c.ref([...at, 'sides', side], 'crew', crewId);
    }
    if (scen !== null) {
      c.ref([...at, 'winner'], 'side', battle.winner, scen);
      for (const side of Object.keys(asRecord(battle.points))) c.ref([...at, 'points', side], 'side', side, scen, { key: true });
      for (const side of Object.keys(asRecord(battle.ai))) c.ref([...at, 'ai', side], 'side', side, scen, { key: true });
    }
    asArray(battle.aftermath).forEach((a, j) => {
      c.memberPath([...at, 'aftermath', j, 'member'], asRecord(a).member);
      c.memberPath([...at, 'aftermath', j, 'by'], asRecord(a).by);
    });
    asArray(battle.fled).forEach((f, j) => c.memberPath([...at, 'fled', j], f));
  });
}

/**
 * Names inside a balance-gate assertion (`objective(core).completed(a) > 0.2`,
 * `incapacitated(b, warden-7) < 50%`): objectives, sides (or crews) and members of the check's
 * battle. Offsets are found in the assertion's own source.
 */
function assertion(c: Collector, path: readonly Seg[], text: string, scenarioId: string, crews: (string | null)[]): void {
  const call = /\b(winRate|lossRate|objective|completed|incapacitated)\s*\(([^()]*)\)/g;
  for (let m = call.exec(text); m; m = call.exec(text)) {
    const argsAt = m.index + m[0].indexOf('(') + 1;
    const args: { id: string; at: number }[] = [];
    const re = /[A-Za-z0-9_-]+/g;
    for (let a = re.exec(m[2]); a; a = re.exec(m[2])) args.push({ id: a[0], at: argsAt + a.index });
    const name = m[1];
    const sideArg = (a: { id: string; at: number }): void => c.add(path, { deferred: 'sideOrCrew', id: a.id, scenario: scenarioId }, 'reference', { from: a.at });
    if (name === 'objective' && args[0]) c.add(path, { kind: 'objective', id: args[0].id, scope: scenarioId }, 'reference', { from: args[0].at });
    else if ((name === 'winRate' || name === 'lossRate' || name === 'completed') && args[0]) sideArg(args[0]);
    else if (name === 'incapacitated' && args.length >= 1) {
      if (args.length === 2) sideArg(args[0]);
      const member = args[args.length - 1];
      const side = args.length === 2 ? { side: args[0].id } : {};
      c.add(path, { deferred: 'member', id: member.id, scenario: scenarioId, crews, ...side }, 'reference', { from: member.at });
    }
  }
}

function workspace(c: Collector, d: Record<string, unknown>): void {
  if (d.ruleset !== undefined) c.ref(['ruleset'], 'ruleset', d.ruleset);
  asArray(d.checks).forEach((k, i) => {
    const check = asRecord(k);
    const at = ['checks', i];
    const scen = str(check.scenario);
    c.ref([...at, 'scenario'], 'scenario', scen);
    const crews = asArray(check.crews);
    crews.forEach((x, j) => c.ref([...at, 'crews', j], 'crew', x));
    if (check.ruleset !== undefined) c.ref([...at, 'ruleset'], 'ruleset', check.ruleset);
    if (scen === null) return;
    const given = [str(crews[0]), str(crews[1])];
    asArray(check.assertions).forEach((a, j) => {
      const s = str(a);
      if (s !== null) assertion(c, [...at, 'assertions', j], s, scen, given);
    });
  });
}

/**
 * The occurrences of one parsed document, and the facts (sides, members) it contributes for
 * resolving references elsewhere. A document that did not load yields nothing.
 */
export function documentOccurrences(doc: ParsedDocument, text: string): { occurrences: RawOccurrence[]; facts: DocumentFacts } {
  const facts: DocumentFacts = { sides: new Map(), members: new Map() };
  const d = doc.data;
  if (!d || !doc.kind || !doc.document) return { occurrences: [], facts };
  const c = new Collector(doc, text);
  switch (doc.kind) {
    case 'crew':
      crew(c, d, facts);
      break;
    case 'crewType':
      c.def(['id'], 'crewType', d.id);
      asArray(d.abilities).forEach((a, i) => c.ref(['abilities', i], 'ability', a));
      break;
    case 'abilities':
    case 'equipment': {
      const list = doc.kind === 'abilities' ? 'abilities' : 'items';
      const kind = doc.kind === 'abilities' ? 'ability' : 'equipment';
      asArray(d[list]).forEach((x, i) => {
        c.def([list, i, 'id'], kind, asRecord(x).id);
        c.effects([list, i], x, null);
      });
      break;
    }
    case 'scenario':
      scenario(c, d, facts);
      break;
    case 'ruleset':
      c.def(['id'], 'ruleset', d.id);
      if (d.extends !== undefined) c.ref(['extends'], 'ruleset', d.extends);
      break;
    case 'campaign':
      campaign(c, d);
      break;
    case 'workspace':
      if (doc.path === 'mortisphere.yaml') workspace(c, d);
      break;
  }
  return { occurrences: c.out, facts };
}
