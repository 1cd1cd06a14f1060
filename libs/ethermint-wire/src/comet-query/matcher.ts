// Whether an event set satisfies a query, as CometBFT's pubsub query.Matches decides: each condition
// must hold for some value of its composite key; numbers, dates and times compare by value.
import { parseGoTime, type GoTimeLayout } from './go-time';
import type { Query, QueryCondition, QueryOperand } from './ast';
import { compareGoBigFloat, parseOperandNumber, parseValueNumber } from './go-number';

/** Flattened events as a node publishes them: `"<type>.<attribute>"` → values, e.g. `tm.event` → ["Tx"]. */
export type QueryEvents = Readonly<Record<string, readonly string[]>>;

/** Go's zero time, 0001-01-01T00:00:00Z, in nanoseconds since the Unix epoch. */
const GO_ZERO_TIME_NANOS = -62_135_596_800n * 1_000_000_000n;

type Predicate = (value: string) => boolean;
type Comparison = (order: number) => boolean;

interface CompiledCondition {
  readonly tag: string;
  readonly test: Predicate;
}

const compiled = new WeakMap<Query, readonly CompiledCondition[]>();

export function matches(query: Query, events: QueryEvents): boolean {
  let conditions = compiled.get(query);
  if (conditions === undefined) {
    conditions = query.conditions.map((condition) => ({ tag: condition.tag, test: compile(condition) }));
    compiled.set(query, conditions);
  }
  return conditions.every((condition) => holds(condition, events));
}

/**
 * Go expands `a.b.c` into an event of type `a.b` with attribute `c`. A condition holds when some
 * value of the key equal to its tag passes; a tag naming an event type (`slash EXISTS` against
 * `slash.reason`) is tested against the empty string. A key without a dot has type "" and matches
 * nothing.
 */
function holds(condition: CompiledCondition, events: QueryEvents): boolean {
  for (const [key, values] of Object.entries(events)) {
    const dot = key.lastIndexOf('.');
    if (dot < 0) continue;
    if (key.slice(0, dot) === condition.tag) {
      if (condition.test('')) return true;
    } else if (key === condition.tag && values.some(condition.test)) {
      return true;
    }
  }
  return false;
}

function compile(condition: QueryCondition): Predicate {
  switch (condition.op) {
    case 'EXISTS':
      return () => true;
    case 'CONTAINS': {
      const needle = condition.operand.value;
      return (value) => value.includes(needle);
    }
    case '=':
      return compileComparison(condition.operand, (order) => order === 0);
    case '<':
      return compileComparison(condition.operand, (order) => order < 0);
    case '<=':
      return compileComparison(condition.operand, (order) => order <= 0);
    case '>':
      return compileComparison(condition.operand, (order) => order > 0);
    case '>=':
      return compileComparison(condition.operand, (order) => order >= 0);
  }
}

function compileComparison(operand: QueryOperand, accept: Comparison): Predicate {
  switch (operand.type) {
    case 'string': {
      const expected = operand.value;
      return (value) => value === expected;
    }
    case 'number': {
      const expected = parseOperandNumber(operand.value);
      if (expected === undefined) return () => false;
      return (value) => {
        const actual = parseValueNumber(value);
        return actual !== undefined && accept(compareGoBigFloat(actual, expected));
      };
    }
    case 'date':
      return compileInstant('date', operand.value, accept);
    case 'time':
      return compileInstant('rfc3339', operand.value, accept);
  }
}

function compileInstant(layout: GoTimeLayout, text: string, accept: Comparison): Predicate {
  const parsed = parseGoTime(layout, text);
  // Go's Arg.Time() yields the zero time for an operand that does not parse.
  const expected = parsed.ok ? parsed.time.unixNanos : GO_ZERO_TIME_NANOS;
  return (value) => {
    const actual = parseGoTime(layout, value);
    if (!actual.ok) return false;
    const instant = actual.time.unixNanos;
    return accept(instant === expected ? 0 : instant < expected ? -1 : 1);
  };
}
