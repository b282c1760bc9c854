/**
 * The fields each form shows, as path patterns (`*` = any index or key). A diagnostic is shown
 * beside the field of the longest matching prefix of its YAML path; the rest at the top.
 */
import type { DocKind } from '../../../shared/model/types';

const RULES = (p: string): string[] => [p, `${p}.*`, `${p}.*.name`, `${p}.*.text`, `${p}.*.effects`, ...effects(`${p}.*.effects`)];
const effects = (p: string): string[] => [`${p}.*`, `${p}.*.*`, `${p}.*.when`, `${p}.*.when.*`];
const COMMON = ['kind', 'schemaVersion', 'id', 'name', 'text'];

const MEMBER = ['id', 'name', 'type', 'die', 'health', 'captain', 'abilities', 'abilities.*', 'equipment', 'equipment.*', 'text', 'history', 'history.*', 'history.*.kind', 'history.*.scenario', 'history.*.date', 'history.*.text'];

/** Field patterns by document kind. */
export const FIELD_PATTERNS: Readonly<Record<DocKind, readonly string[]>> = {
  workspace: [...COMMON, 'ruleset'],
  crew: [...COMMON, 'npc', 'members', 'members.*', ...MEMBER.map((m) => `members.*.${m}`), ...RULES('members.*.rules')],
  crewType: [...COMMON, 'base', 'dice', 'dice.*', 'health', 'health.min', 'health.max', 'abilities', 'abilities.*', 'equipmentTags', 'equipmentTags.*', 'maxPerCrew'],
  abilities: [...COMMON, 'abilities', 'abilities.*', ...['id', 'name', 'text', 'cost', 'tags', 'tags.*', 'effects'].map((f) => `abilities.*.${f}`), ...effects('abilities.*.effects')],
  equipment: [...COMMON, 'items', 'items.*', ...['id', 'name', 'text', 'cost', 'tags', 'tags.*', 'ranged', 'effects'].map((f) => `items.*.${f}`), ...effects('items.*.effects')],
  scenario: [
    ...COMMON, 'rounds', 'crewValueLimit', 'ruleset', 'scoring', 'scoring.perEnemyIncapacitated', 'endWhen', 'endWhen.allObjectivesDone', 'endWhen.points',
    'areas', 'areas.*', ...['id', 'name', 'tags', 'tags.*', 'text', 'links', 'links.*'].map((f) => `areas.*.${f}`), ...RULES('areas.*.rules'),
    'sides', 'sides.*', ...['id', 'name', 'deploy', 'crew', 'deployMembers', 'deployMembers.*'].map((f) => `sides.*.${f}`),
    'objectives', 'objectives.*', 'objectives.*.*',
  ],
  ruleset: [...COMMON, 'extends', '*', '*.*', 'aftermath.table.*', 'aftermath.table.*.*'],
  campaign: [...COMMON, 'crews', 'crews.*', 'scenarios', 'scenarios.*', 'battles', 'battles.*', 'battles.*.*'],
};
