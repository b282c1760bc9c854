/**
 * The fields each form shows, as path patterns (`*` = any index). A diagnostic is shown beside
 * the field of the longest matching prefix of its YAML path, else at the top of the form; so
 * these lists name exactly the paths the forms render messages for (some depend on the data,
 * e.g. the fields of an objective's kind).
 */
import { CORE_RULESET } from '../../../shared/model/ruleset-defaults';
import { EFFECT_KEYS } from '../../../shared/model/types';
import type { DocKind } from '../../../shared/model/types';
import { asArray, asRecord, asString } from './data';
import { WHEN_KEYS } from './EffectsEditor';
import { KIND_FIELDS } from './objective-kinds';

const under = (p: string, fields: readonly string[]): string[] => fields.map((f) => `${p}.${f}`);
const effects = (p: string): string[] => [p, `${p}.*`, ...under(`${p}.*`, [...EFFECT_KEYS, 'when']), ...under(`${p}.*.when`, WHEN_KEYS)];
const rules = (p: string): string[] => [p, `${p}.*`, ...under(`${p}.*`, ['name', 'text']), ...effects(`${p}.*.effects`)];
const COMMON = ['id', 'name', 'text'];
const MEMBER = ['id', 'name', 'type', 'die', 'health', 'captain', 'abilities', 'abilities.*', 'equipment', 'equipment.*', 'text', 'history', 'history.*', ...under('history.*', ['kind', 'scenario', 'date', 'text'])];
const ENTRY = ['id', 'name', 'text', 'cost', 'tags'];

function rulesetPatterns(): string[] {
  const out = [...COMMON, 'extends', 'aftermath.table', 'aftermath.table.*', ...under('aftermath.table.*', ['min', 'max', 'outcome'])];
  for (const [group, defaults] of Object.entries(CORE_RULESET)) {
    out.push(group);
    if (typeof defaults === 'object') out.push(...Object.keys(defaults).map((k) => `${group}.${k}`));
  }
  return out;
}

function scenarioPatterns(data: unknown): string[] {
  const objectives = asArray(asRecord(data).objectives).flatMap((o, i) => under(`objectives.${i}`, KIND_FIELDS[asString(asRecord(o).kind)] ?? []));
  return [
    ...COMMON, 'rounds', 'crewValueLimit', 'ruleset', 'scoring', 'scoring.perEnemyIncapacitated', 'endWhen', 'endWhen.allObjectivesDone', 'endWhen.points',
    'areas', 'areas.*', ...under('areas.*', ['id', 'name', 'tags', 'text', 'links', 'links.*']), ...rules('areas.*.rules'),
    'sides', 'sides.*', ...under('sides.*', ['id', 'name', 'deploy', 'crew', 'deployMembers']),
    'objectives', 'objectives.*', ...under('objectives.*', ['id', 'name', 'kind', 'area', 'points', 'side', 'text']), ...objectives,
  ];
}

/** The field patterns of a document of `kind` with the given data. */
export function fieldPatterns(kind: DocKind, data: unknown): string[] {
  switch (kind) {
    case 'workspace':
      return ['name', 'ruleset', 'text'];
    case 'crew':
      return [...COMMON, 'npc', 'members', 'members.*', ...under('members.*', MEMBER), ...rules('members.*.rules')];
    case 'crewType':
      return [...COMMON, 'base', 'dice', 'health', 'health.min', 'health.max', 'abilities', 'abilities.*', 'equipmentTags', 'maxPerCrew'];
    case 'abilities':
      return ['name', 'abilities', 'abilities.*', ...under('abilities.*', ENTRY), ...effects('abilities.*.effects')];
    case 'equipment':
      return ['name', 'items', 'items.*', ...under('items.*', [...ENTRY, 'ranged']), ...effects('items.*.effects')];
    case 'scenario':
      return scenarioPatterns(data);
    case 'ruleset':
      return rulesetPatterns();
    case 'campaign':
      return [...COMMON, 'crews', 'crews.*', 'scenarios', 'scenarios.*', 'battles', 'battles.*', 'battles.*.text'];
  }
}
