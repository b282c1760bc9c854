/**
 * The balance-gate grammar of `--assert EXPR` and `checks[].assertions` (README "Balance gates"):
 *
 *   assertion  := metric op number | metric "in" "[" number "," number "]" | check
 *   check      := a yes/no metric alone, e.g. covered(spore-cloud)
 *   op         := "<" | "<=" | ">" | ">="
 *   metric     := call ("." call)*
 *   call       := name [ "(" arg ("," arg)* ")" ]
 *   number     := decimal, or decimal "%" (45% = 0.45)
 *   id         := letters, digits, '-', '_', with '.', ':', '#' or '/' between parts
 *                 (R4.3, R12.morale, ability:spore-cloud, spore-cloud#1, swamp/toxic-fog)
 *
 * Which call paths mean something is the metric table's business (metrics.ts), so a new
 * function is one table entry. Errors name the column and what was expected there.
 */
import { err, ok } from '../result';
import type { Result } from '../result';

/** One `name(args…)` step of a metric path; `args` is null when written without parentheses. */
export interface Call {
  name: string;
  args: string[] | null;
  /** 1-based column of the name in the assertion text. */
  column: number;
}

/** A comparison of a metric with a bound, or with a closed range; `holds` for a yes/no metric written alone. */
export type Comparison = { op: '<' | '<=' | '>' | '>='; value: number } | { op: 'in'; lo: number; hi: number } | { op: 'holds' };

/** Names of the yes/no metrics, written without a comparison (`covered(spore-cloud)`). */
export const CHECK_NAMES: ReadonlySet<string> = new Set(['covered']);

/** A parsed assertion: the metric path, the comparison and the source text (trimmed). */
export interface ParsedAssertion {
  text: string;
  path: Call[];
  comparison: Comparison;
}

/** Error code of a malformed assertion; the message carries the column. */
export const PARSE_ERROR = 'assert/syntax';

type Token =
  | { t: 'name'; v: string; col: number }
  | { t: 'num'; v: number; col: number }
  | { t: 'op'; v: '<' | '<=' | '>' | '>='; col: number }
  | { t: 'punct'; v: '(' | ')' | '[' | ']' | ',' | '.'; col: number }
  | { t: 'end'; col: number };

const describe = (tok: Token): string =>
  tok.t === 'end' ? 'the end' : tok.t === 'num' ? `number ${tok.v}` : tok.t === 'name' ? `'${tok.v}'` : `'${tok.v}'`;

/** A '.' before a digit starts a number (`< .5`, `[.4, .6]`) only where a number may stand. */
const startsNumber = (prev: Token | undefined): boolean => prev?.t === 'op' || (prev?.t === 'punct' && (prev.v === '[' || prev.v === ','));

/** A name or id: parts joined by '.', ':', '#' or '/' (a '.' only before a digit or letter, so `).completed` stays a path step). */
const NAME = /^[A-Za-z_][A-Za-z0-9_-]*(?:[.:#/][A-Za-z0-9_][A-Za-z0-9_-]*)*/;
const ID = /^[0-9][A-Za-z0-9_-]*(?:[.:#/][A-Za-z0-9_][A-Za-z0-9_-]*)*/;

function tokenize(src: string): Result<Token[]> {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const col = i + 1;
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9]/.test(c) && !/^\d+$/.test(/^[0-9][A-Za-z0-9_-]*/.exec(src.slice(i))![0])) {
      // An id that starts with a digit (ids are [a-z0-9]+ words joined by '-'), e.g. '7-gates'.
      const m = ID.exec(src.slice(i))!;
      out.push({ t: 'name', v: m[0], col });
      i += m[0].length;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? '') && startsNumber(out.at(-1)))) {
      const m = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(src.slice(i))!;
      i += m[0].length;
      let v = Number(m[0]);
      if (src[i] === '%') {
        v /= 100;
        i++;
      }
      out.push({ t: 'num', v, col });
    } else if (/[A-Za-z_]/.test(c)) {
      // Names and ids: letters, digits, '-', '_' (ids are kebab-case; a '-' never starts one).
      const m = NAME.exec(src.slice(i))!;
      out.push({ t: 'name', v: m[0], col });
      i += m[0].length;
    } else if (c === '<' || c === '>') {
      const v = (src[i + 1] === '=' ? `${c}=` : c) as '<' | '<=' | '>' | '>=';
      out.push({ t: 'op', v, col });
      i += v.length;
    } else if ('()[],.'.includes(c)) {
      out.push({ t: 'punct', v: c as '(' | ')' | '[' | ']' | ',' | '.', col });
      i++;
    } else if (c === '=' || c === '!') {
      return err(PARSE_ERROR, `column ${col}: '${src.slice(i, i + 2).trim()}' is not a comparison here; use <, <=, >, >= or 'in [lo, hi]'`);
    } else {
      return err(PARSE_ERROR, `column ${col}: unexpected character '${c}'`);
    }
  }
  out.push({ t: 'end', col: src.length + 1 });
  return ok(out);
}

/**
 * Parses one assertion. Never throws; the error message says where and what was expected,
 * e.g. "column 19: expected ',' between the bounds of 'in [lo, hi]', found number 0.55".
 */
export function parseAssertion(source: string): Result<ParsedAssertion> {
  const text = source.trim();
  if (text === '') return err(PARSE_ERROR, "the assertion is empty; write e.g. 'winRate(a) in [0.45, 0.55]'");
  const lexed = tokenize(source);
  if (!lexed.ok) return lexed;
  const toks = lexed.value;
  let p = 0;
  const peek = (): Token => toks[p];
  const fail = (expected: string): Result<never> => err(PARSE_ERROR, `column ${peek().col}: expected ${expected}, found ${describe(peek())}`);
  const punct = (v: string): boolean => {
    const t = peek();
    if (t.t === 'punct' && t.v === v) {
      p++;
      return true;
    }
    return false;
  };
  const number = (): number | null => {
    const t = peek();
    if (t.t !== 'num') return null;
    p++;
    return t.v;
  };

  const path: Call[] = [];
  do {
    const t = peek();
    if (t.t !== 'name') return fail(path.length === 0 ? "a metric such as 'winRate(a)' or 'draws'" : 'a name after \'.\'');
    p++;
    let args: string[] | null = null;
    if (punct('(')) {
      args = [];
      if (!punct(')')) {
        for (;;) {
          const a = peek();
          if (a.t !== 'name' && a.t !== 'num') return fail(`an id inside '${t.v}(…)'`);
          p++;
          args.push(String(a.v));
          if (punct(')')) break;
          if (!punct(',')) return fail(`',' or ')' in '${t.v}(…)'`);
        }
      }
    }
    path.push({ name: t.v, args, column: t.col });
  } while (punct('.'));

  let comparison: Comparison;
  const op = peek();
  if (op.t === 'op') {
    p++;
    const v = number();
    if (v === null) return fail(`a number after '${op.v}'`);
    comparison = { op: op.v, value: v };
  } else if (op.t === 'name' && op.v === 'in') {
    p++;
    if (!punct('[')) return fail("'[' after 'in'");
    const lo = number();
    if (lo === null) return fail("the lower bound of 'in [lo, hi]'");
    if (!punct(',')) return fail("',' between the bounds of 'in [lo, hi]'");
    const hi = number();
    if (hi === null) return fail("the upper bound of 'in [lo, hi]'");
    if (!punct(']')) return fail("']' to close 'in [lo, hi]'");
    if (lo > hi) return err(PARSE_ERROR, `column ${op.col}: the range [${lo}, ${hi}] is empty; write the lower bound first`);
    comparison = { op: 'in', lo, hi };
  } else if (op.t === 'end' && path.length === 1 && CHECK_NAMES.has(path[0]!.name)) {
    comparison = { op: 'holds' };
  } else {
    return fail("a comparison (<, <=, >, >= or 'in [lo, hi]')");
  }
  if (peek().t !== 'end') return fail('the end of the assertion');
  return ok({ text, path, comparison });
}

/** The comparison written back in the grammar (`in [0.45, 0.55]`, `< 0.1`). */
export const formatComparison = (c: Comparison): string => (c.op === 'holds' ? 'holds' : c.op === 'in' ? `in [${c.lo}, ${c.hi}]` : `${c.op} ${c.value}`);
