import { describe, expect, it } from 'vitest';
import { selfCosts } from '../../../bench/instructions.bench';

// A callgrind output in its compressed form: names given once with an id, later by id alone;
// the cost line after `calls=` is the call's inclusive cost and belongs to the callee.
const OUT = `version: 1
events: Ir
fl=(1) a.js
fn=(1) main
0 100
cfn=(2) v8::internal::compiler::GraphReducer::ReduceTop()
calls=1 0
0 5000
+2 7
fn=(2)
0 40
fn=(3) Builtins_LoadIC
* 3
fn=(1)
-1 2
`;

describe('instructions bench: callgrind self costs', () => {
  it('adds each function its own instructions, not its callees\u2019 (ids resolved, relative positions read)', () => {
    const c = selfCosts(OUT);
    expect(Object.fromEntries(c)).toEqual({ main: 109, 'v8::internal::compiler::GraphReducer::ReduceTop()': 40, Builtins_LoadIC: 3 });
  });
});
