// Label selectors parsed exactly as Kubernetes parses them (k8s.io/apimachinery/pkg/labels):
// `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, `a>1`, `a<1`, comma-joined.
// Parse errors are 400 BadRequest with upstream's messages, e.g.
// `unable to parse requirement: <nil>: Invalid value: "-a": name part must ...`.

import { badRequest } from '../status.ts';
import { aggregateString, invalid, type FieldError } from '../validation/field-error.ts';
import { isQualifiedName, isValidLabelValue } from '../validation/names.ts';
import { child, index, key as keyPath, NIL_PATH } from '../validation/path.ts';

export type LabelOperator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

export interface Requirement {
  readonly key: string;
  readonly operator: LabelOperator;
  /** Sorted and de-duplicated, as upstream's string set lists them. */
  readonly values: readonly string[];
}

export interface LabelSelector {
  readonly requirements: readonly Requirement[];
  matches(labels: Record<string, string> | undefined): boolean;
  /** True when it selects everything. */
  empty(): boolean;
  /** The canonical text form (sorted by key), as upstream's String(). */
  toString(): string;
  /** The single value a label must have (`a=b`, `a==b`, `a in (b)`), or undefined. */
  requiresExactMatch(label: string): string | undefined;
}

type Token =
  | 'error'
  | 'eos'
  | ')'
  | ','
  | '!'
  | '=='
  | '='
  | '>'
  | 'identifier'
  | 'in'
  | '<'
  | '!='
  | 'notin'
  | '(';

interface Scanned {
  tok: Token;
  lit: string;
}

const literalTokens: Record<string, Token> = {
  ')': ')',
  ',': ',',
  '!': '!',
  '==': '==',
  '=': '=',
  '>': '>',
  in: 'in',
  '<': '<',
  '!=': '!=',
  notin: 'notin',
  '(': '(',
};

const binaryOperators = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];

function isWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
}

function isSpecialSymbol(ch: string): boolean {
  return '=!(),><'.includes(ch);
}

/** Splits the selector into tokens, byte by byte as upstream's lexer does. */
function lex(s: string): Scanned[] {
  const out: Scanned[] = [];
  let pos = 0;
  for (;;) {
    while (pos < s.length && isWhitespace(s[pos]!)) pos++;
    if (pos >= s.length) {
      out.push({ tok: 'eos', lit: '' });
      return out;
    }
    if (isSpecialSymbol(s[pos]!)) {
      // Longest run of symbols that still forms a known token.
      let buffer = '';
      let last: Scanned | undefined;
      while (pos < s.length && isSpecialSymbol(s[pos]!)) {
        buffer += s[pos];
        const tok = Object.hasOwn(literalTokens, buffer) ? literalTokens[buffer] : undefined;
        if (tok) {
          last = { tok, lit: buffer };
          pos++;
        } else if (last) {
          break;
        } else {
          pos++;
        }
      }
      out.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buffer}'` });
      continue;
    }
    let buffer = '';
    while (pos < s.length && !isSpecialSymbol(s[pos]!) && !isWhitespace(s[pos]!)) buffer += s[pos++];
    const tok = Object.hasOwn(literalTokens, buffer) ? literalTokens[buffer] : undefined;
    out.push({ tok: tok ?? 'identifier', lit: buffer });
  }
}

class ParseError extends Error {}

function validateKey(k: string, path: string): FieldError | undefined {
  const errs = isQualifiedName(k);
  return errs.length ? invalid(path, k, errs.join('; ')) : undefined;
}

function validateValue(k: string, v: string, path: string): FieldError | undefined {
  const errs = isValidLabelValue(v);
  return errs.length ? invalid(keyPath(path, k), v, errs.join('; ')) : undefined;
}

/** Builds a requirement, checking it as upstream's NewRequirement does. */
export function newRequirement(key: string, operator: LabelOperator, values: string[]): Requirement {
  const errs: FieldError[] = [];
  const keyErr = validateKey(key, child(undefined, 'key'));
  if (keyErr) errs.push(keyErr);
  const valuePath = child(undefined, 'values');
  switch (operator) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push(invalid(valuePath, values, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push(invalid(valuePath, values, 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push(invalid(valuePath, values, 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push(invalid(valuePath, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(invalid(index(valuePath, i), v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
  }
  values.forEach((v, i) => {
    const e = validateValue(key, v, index(valuePath, i));
    if (e) errs.push(e);
  });
  if (errs.length) throw new ParseError(aggregateString(errs));
  return { key, operator, values };
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** strconv.ParseInt(s, 10, 64): optional sign, decimal digits, in range. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n > INT64_MAX || n < INT64_MIN ? undefined : n;
}

class Parser {
  private items: Scanned[];
  private position = 0;
  constructor(input: string) {
    this.items = lex(input);
  }

  /** In a values context, `in` and `notin` are ordinary identifiers. */
  private lookahead(values: boolean): Scanned {
    return this.asContext(this.items[this.position]!, values);
  }

  private consume(values: boolean): Scanned {
    return this.asContext(this.items[this.position++]!, values);
  }

  private asContext(item: Scanned, values: boolean): Scanned {
    if (values && (item.tok === 'in' || item.tok === 'notin')) return { tok: 'identifier', lit: item.lit };
    return item;
  }

  parse(): Requirement[] {
    const reqs: Requirement[] = [];
    for (;;) {
      const { tok, lit } = this.lookahead(true);
      if (tok === 'identifier' || tok === '!') {
        try {
          reqs.push(this.parseRequirement());
        } catch (err) {
          if (err instanceof ParseError) throw new ParseError(`unable to parse requirement: ${err.message}`);
          throw err;
        }
        const next = this.consume(true);
        if (next.tok === 'eos') return reqs;
        if (next.tok === ',') {
          const after = this.lookahead(true);
          if (after.tok !== 'identifier' && after.tok !== '!') throw new ParseError(`found '${after.lit}', expected: identifier after ','`);
        } else {
          throw new ParseError(`found '${next.lit}', expected: ',' or 'end of string'`);
        }
      } else if (tok === 'eos') {
        return reqs;
      } else {
        throw new ParseError(`found '${lit}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  private parseRequirement(): Requirement {
    let { tok, lit } = this.consume(true);
    let operator: LabelOperator | undefined;
    if (tok === '!') {
      operator = '!';
      ({ tok, lit } = this.consume(true));
    }
    if (tok !== 'identifier') throw new ParseError(`found '${lit}', expected: identifier`);
    const keyErr = validateKey(lit, NIL_PATH);
    if (keyErr) throw new ParseError(aggregateString([keyErr]));
    const key = lit;
    const next = this.lookahead(true).tok;
    // `!a` ends the requirement whatever follows (so `!a=b` fails on the `=`).
    if (operator === '!' || next === 'eos' || next === ',') return newRequirement(key, operator ?? 'exists', []);
    const op = this.parseOperator();
    const values = op === 'in' || op === 'notin' ? this.parseValues() : this.parseExactValue();
    return newRequirement(key, op, [...values].sort());
  }

  private parseOperator(): LabelOperator {
    const { tok, lit } = this.consume(false);
    switch (tok) {
      case 'in':
        return 'in';
      case '=':
        return '=';
      case '==':
        return '==';
      case '>':
        return 'gt';
      case '<':
        return 'lt';
      case 'notin':
        return 'notin';
      case '!=':
        return '!=';
      default:
        throw new ParseError(`found '${lit}', expected: ${binaryOperators.join(', ')}`);
    }
  }

  private parseValues(): Set<string> {
    const open = this.consume(true);
    if (open.tok !== '(') throw new ParseError(`found '${open.lit}' expected: '('`);
    const { tok, lit } = this.lookahead(true);
    if (tok === 'identifier' || tok === ',') {
      const s = this.parseIdentifiersList();
      if (this.consume(true).tok !== ')') throw new ParseError(`found '${lit}', expected: ')'`);
      return s;
    }
    if (tok === ')') {
      this.consume(true);
      return new Set(['']);
    }
    throw new ParseError(`found '${lit}', expected: ',', ')' or identifier`);
  }

  private parseIdentifiersList(): Set<string> {
    const s = new Set<string>();
    for (;;) {
      const { tok, lit } = this.consume(true);
      if (tok === 'identifier') {
        s.add(lit);
        const next = this.lookahead(true);
        if (next.tok === ',') continue;
        if (next.tok === ')') return s;
        throw new ParseError(`found '${next.lit}', expected: ',' or ')'`);
      } else if (tok === ',') {
        // `(,`, `,,` and `,)` each stand for an empty value.
        if (s.size === 0) s.add('');
        const next = this.lookahead(true).tok;
        if (next === ')') {
          s.add('');
          return s;
        }
        if (next === ',') {
          this.consume(true);
          s.add('');
        }
      } else {
        throw new ParseError(`found '${lit}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const next = this.lookahead(true).tok;
    if (next === 'eos' || next === ',') return new Set(['']);
    const { tok, lit } = this.consume(true);
    if (tok === 'identifier') return new Set([lit]);
    throw new ParseError(`found '${lit}', expected: identifier`);
  }
}

function requirementMatches(r: Requirement, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, r.key);
  const value = has ? labels[r.key]! : '';
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(value);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(value);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || r.values.length !== 1) return false;
      const actual = parseInt64(value);
      const bound = parseInt64(r.values[0]!);
      if (actual === undefined || bound === undefined) return false;
      return r.operator === 'gt' ? actual > bound : actual < bound;
    }
  }
}

function requirementString(r: Requirement): string {
  const values = r.values.length === 1 ? r.values[0]! : r.values.join(',');
  switch (r.operator) {
    case 'exists':
      return r.key;
    case '!':
      return `!${r.key}`;
    case 'in':
    case 'notin':
      return `${r.key} ${r.operator} (${values})`;
    case 'gt':
      return `${r.key}>${values}`;
    case 'lt':
      return `${r.key}<${values}`;
    default:
      return `${r.key}${r.operator}${values}`;
  }
}

/** A selector over a fixed list of requirements (all must match). */
export function selectorFromRequirements(requirements: Requirement[]): LabelSelector {
  const reqs = [...requirements].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    requirements: reqs,
    matches: (labels) => reqs.every((r) => requirementMatches(r, labels ?? {})),
    empty: () => reqs.length === 0,
    toString: () => reqs.map(requirementString).join(','),
    requiresExactMatch(label) {
      const r = reqs.find((x) => x.key === label);
      if (!r) return undefined;
      if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) return r.values[0];
      return undefined;
    },
  };
}

/** Parses a `labelSelector` query value. Throws a 400 BadRequest StatusError on bad input. */
export function parseLabelSelector(s: string): LabelSelector {
  try {
    return selectorFromRequirements(new Parser(s).parse());
  } catch (err) {
    if (err instanceof ParseError) throw badRequest(err.message);
    throw err;
  }
}

/** Matches everything. */
export function everythingLabels(): LabelSelector {
  return selectorFromRequirements([]);
}
