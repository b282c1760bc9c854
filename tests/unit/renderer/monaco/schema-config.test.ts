import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../../../src/shared/model/schemas';
import { kindOfText, modelUri, schemaRegistrations } from '../../../../src/renderer/src/monaco/schema-config';

/** The glob monaco-yaml's schema service builds from a fileMatch (`**\/` + pattern, globstar). */
const matcher = (pattern: string) => {
  const glob = `**/${pattern.replace(/^\//, '')}`;
  const body = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) => (part.startsWith('**') ? '(?:.*/)?' + (part.endsWith('/') ? '' : '.*') : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
};

describe('schema registrations', () => {
  it('registers every schema by $id and matches each kind to its models only', () => {
    const regs = schemaRegistrations(SCHEMAS);
    expect(regs.map((r) => r.uri)).toEqual(SCHEMAS.map((s) => s.$id));
    const crew = regs.find((r) => r.uri.endsWith('/crew.schema.json'))!;
    const common = regs.find((r) => r.uri.endsWith('/common.schema.json'))!;
    expect(common.fileMatch).toEqual([]);
    const uri = modelUri('crew', 'crews/iron choir.yaml');
    expect(crew.fileMatch.some((p) => matcher(p).test(uri))).toBe(true);
    const others = regs.filter((r) => r !== crew).flatMap((r) => r.fileMatch);
    expect(others.some((p) => matcher(p).test(uri))).toBe(false);
    expect(others.some((p) => matcher(p).test(modelUri('crewType', 'types/x.yaml')))).toBe(true);
  });

  it('reads the top-level kind of a text', () => {
    expect(kindOfText('# c\nkind: crew\nid: x')).toBe('crew');
    expect(kindOfText("kind: 'scenario' # s")).toBe('scenario');
    expect(kindOfText('members:\n  - kind: crew')).toBeNull();
  });
});
