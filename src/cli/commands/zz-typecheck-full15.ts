import { parseCommand, defaultIo } from './cli-common';
const p = parseCommand('x', 'u', [], { a: { type: 'string' }, b: { type: 'boolean' } }, defaultIo);
if (p.exit === null) {
  const n: number = p.values.a;
  const s: string = p.values.b;
  const z = p.values.zzz;
  void n; void s; void z;
}
