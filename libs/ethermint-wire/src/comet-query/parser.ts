// The parser of CometBFT's event query language (syntax/parser.go): `cond {AND cond}`, each
// `tag op operand`, with CometBFT's error messages and its String() form.
import type { OrderOperand, Query, QueryCondition, QueryOperand } from './ast';
import { QueryError } from './query-error';
import { Scanner, TOKEN_NAMES, type Token } from './scanner';

const OPERATORS: readonly Token[] = ['<=', '>=', '<', '>', '=', 'CONTAINS', 'EXISTS'];
const ORDER_OPERANDS: readonly Token[] = ['number', 'time', 'date'];
const EQUALITY_OPERANDS: readonly Token[] = ['number', 'time', 'date', 'string'];

/** rpc/core/events.go maxQueryLength for `subscribe`, counted in bytes as Go's len(string). */
export const MAX_QUERY_BYTES = 512;

/** parseQuery without the throw: the query, or the QueryError a node answers with. */
export function tryParseQuery(text: string): Query | QueryError {
  try {
    return parseQuery(text);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
}

/** Parse a query; a QueryError carries CometBFT's message (e.g. `offset 16: got tag, want AND operator`). */
export function parseQuery(text: string): Query {
  const scanner = new Scanner(text);
  const conditions = [parseCondition(scanner)];
  // Like Go, any scan failure ends the loop only if it is EOF; an unterminated string is EOF.
  while (scanner.next()?.eof !== true) {
    if (scanner.token !== 'AND') {
      throw new QueryError(
        `offset ${scanner.pos}: got ${TOKEN_NAMES[scanner.token]}, want ${TOKEN_NAMES.AND}`,
        scanner.pos,
      );
    }
    conditions.push(parseCondition(scanner));
  }
  return { conditions };
}

/** The conditions of a query, e.g. for an indexer to look up `tx.hash = '…'` or `tx.height = 5` directly. */
export function conditionsOf(query: Query): readonly QueryCondition[] {
  return query.conditions;
}

/** CometBFT's Query.String(): conditions joined with AND, operands in their written form. */
export function formatQuery(query: Query): string {
  return query.conditions
    .map((condition) =>
      condition.op === 'EXISTS'
        ? `${condition.tag} EXISTS`
        : `${condition.tag} ${condition.op} ${formatOperand(condition.operand)}`,
    )
    .join(' AND ');
}

function formatOperand(operand: QueryOperand): string {
  switch (operand.type) {
    case 'string':
      return `'${operand.value}'`;
    case 'time':
      return `TIME ${operand.value}`;
    case 'date':
      return `DATE ${operand.value}`;
    case 'number':
      return operand.value;
  }
}

function parseCondition(scanner: Scanner): QueryCondition {
  expectToken(scanner, ['tag']);
  const tag = scanner.text;
  expectToken(scanner, OPERATORS);
  const op = scanner.token;
  switch (op) {
    case 'EXISTS':
      return { tag, op };
    case 'CONTAINS':
      expectToken(scanner, ['string']);
      return { tag, op, operand: { type: 'string', value: scanner.text } };
    case '=':
      expectToken(scanner, EQUALITY_OPERANDS);
      return { tag, op, operand: operandOf(scanner) };
    case '<':
    case '<=':
    case '>':
    case '>=':
      expectToken(scanner, ORDER_OPERANDS);
      return { tag, op, operand: operandOf(scanner) as OrderOperand };
    default:
      throw new QueryError(`offset ${scanner.pos}: unexpected operator ${TOKEN_NAMES[op]}`, scanner.pos);
  }
}

function operandOf(scanner: Scanner): QueryOperand {
  const value = scanner.text;
  switch (scanner.token) {
    case 'number':
      return { type: 'number', value };
    case 'time':
      return { type: 'time', value };
    case 'date':
      return { type: 'date', value };
    default:
      return { type: 'string', value };
  }
}

/** Advance and demand one of `tokens` (Go's Parser.require). */
function expectToken(scanner: Scanner, tokens: readonly Token[]): void {
  const failure = scanner.next();
  if (failure !== undefined) {
    throw new QueryError(`offset ${scanner.pos}: ${failure.eof ? 'EOF' : failure.message}`, scanner.pos);
  }
  if (!tokens.includes(scanner.token)) {
    throw new QueryError(
      `offset ${scanner.pos}: got ${TOKEN_NAMES[scanner.token]}, wanted ${label(tokens)}`,
      scanner.pos,
    );
  }
}

function label(tokens: readonly Token[]): string {
  const names = tokens.map((token) => TOKEN_NAMES[token]);
  const last = names.pop() ?? '';
  return names.length === 0 ? last : `${names.join(', ')} or ${last}`;
}
