import { readFileSync } from 'node:fs';
import { setIn, insertIn, deleteIn } from '../src/shared/doc-edit';
const t = readFileSync('resources/examples/ashen-reach/crews/iron-choir.yaml', 'utf8');
const r = setIn(t, ['members', 0, 'rules'], [{ name: 'X', effects: [{ armor: 1 }] }]);
if (r.ok) console.log(r.value.split('\n').slice(12, 32).join('\n'));
const r2 = insertIn(t, ['members'], 5, { id: 'new', name: 'New', type: 'machine', die: 'd4', health: 1 });
if (r2.ok) console.log('----\n' + r2.value.split('\n').slice(-14).join('\n'));
const r3 = deleteIn(t, ['members', 1]);
if (r3.ok) console.log('----\n' + r3.value.split('\n').slice(20, 34).join('\n'));
