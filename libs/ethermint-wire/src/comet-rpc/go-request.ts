// Reads a websocket frame and the subscribe/unsubscribe params the way CometBFT 0.38's Go code does
// (rpc/jsonrpc/types RPCRequest.UnmarshalJSON, server jsonParamsToArgs), so that odd requests get
// the same answer, or the same silence, as from a real node.
import type { RpcId } from './rpc-responses';

export type DecodedFrame =
  | { readonly kind: 'request'; readonly id: RpcId; readonly method: string; readonly params: unknown }
  /** No id: CometBFT skips it without an answer. */
  | { readonly kind: 'notification' }
  /** Answered with a -32700 parse error whose data is `error unmarshaling request: <reason>`. */
  | { readonly kind: 'unreadable'; readonly reason: string };

/** The anonymous struct RPCRequest.UnmarshalJSON decodes into, as Go's reflect prints it. */
const REQUEST_STRUCT =
  'struct { JSONRPC string "json:\\"jsonrpc\\""; ID interface {} "json:\\"id,omitempty\\""; ' +
  'Method string "json:\\"method\\""; Params json.RawMessage "json:\\"params\\"" }';

/** A frame is one request object; batches are not read over the websocket in 0.38. */
export function decodeFrame(text: string): DecodedFrame {
  if (text.trim() === '') return { kind: 'unreadable', reason: 'EOF' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'unreadable', reason: truncated(text, message) ? 'unexpected EOF' : message };
  }
  const tooDeep = goDepthError(text);
  if (tooDeep !== undefined) return { kind: 'unreadable', reason: tooDeep };
  if (json === null) return { kind: 'notification' };
  if (typeof json !== 'object' || Array.isArray(json)) {
    return {
      kind: 'unreadable',
      reason: `json: cannot unmarshal ${jsonKind(json)} into Go value of type ${REQUEST_STRUCT}`,
    };
  }
  const object = json as Record<string, unknown>;
  const jsonrpc = goField(object, 'jsonrpc');
  const method = goField(object, 'method');
  // Go reports the first mistyped field and only then looks at the id.
  for (const [name, value] of [
    ['jsonrpc', jsonrpc],
    ['method', method],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== 'string') {
      return {
        kind: 'unreadable',
        reason: `json: cannot unmarshal ${jsonKind(value)} into Go struct field .${name} of type string`,
      };
    }
  }
  const id = goField(object, 'id');
  if (id === undefined || id === null) return { kind: 'notification' };
  if (typeof id === 'number') {
    // idFromInterface: JSON numbers arrive as float64 and are truncated to an int id.
    return {
      kind: 'request',
      id: Math.trunc(id),
      method: (method as string | undefined) ?? '',
      params: goField(object, 'params'),
    };
  }
  if (typeof id !== 'string') {
    return { kind: 'unreadable', reason: `json-rpc ID (${goFormat(id)}) is of unknown type (${goType(id)})` };
  }
  return {
    kind: 'request',
    id,
    method: (method as string | undefined) ?? '',
    params: goField(object, 'params'),
  };
}

/**
 * Go's decoder words a document that ends early as io.ErrUnexpectedEOF; V8 says so, or points
 * at the end. Other syntax errors keep V8's words.
 */
function truncated(text: string, message: string): boolean {
  if (/end of JSON input/.test(message)) return true;
  const position = /at position (\d+)/.exec(message)?.[1];
  return position !== undefined && Number(position) >= text.trimEnd().length;
}

/** A params problem; the caller prefixes `error converting json params to arguments: `. */
export class ParamsError extends Error {
  override readonly name = 'ParamsError';
}

/**
 * The string arguments `names` from named or positional params (jsonParamsToArgs): missing or
 * null values are Go's zero value "", positional params must match the argument count exactly.
 */
export function stringParams(params: unknown, names: readonly string[]): string[] {
  if (params === undefined || params === null) return names.map(() => '');
  if (Array.isArray(params)) {
    if (params.length !== names.length) {
      const raw = params.map((param) => `[${[...Buffer.from(JSON.stringify(param) ?? 'null')].join(' ')}]`);
      throw new ParamsError(
        `expected ${names.length} parameters ([${names.join(' ')}]), got ${params.length} ([${raw.join(' ')}])`,
      );
    }
    return params.map(stringValue);
  }
  if (typeof params === 'object') {
    const named = params as Record<string, unknown>;
    return names.map((name) => stringValue(Object.hasOwn(named, name) ? named[name] : undefined));
  }
  throw new ParamsError(
    `unknown type for JSON params: json: cannot unmarshal ${jsonKind(params)} into Go value of type []json.RawMessage. Expected map or array`,
  );
}

function stringValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  throw new ParamsError(`json: cannot unmarshal ${jsonKind(value)} into Go value of type string`);
}

/** encoding/json matches struct fields by exact name first, then case-insensitively. */
function goField(object: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : object[key];
}

/** The JSON kind as encoding/json names it in UnmarshalTypeError. */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    default:
      return 'object';
  }
}

/** The dynamic Go type of a decoded interface{} value. */
function goType(value: unknown): string {
  if (Array.isArray(value)) return '[]interface {}';
  if (typeof value === 'boolean') return 'bool';
  return 'map[string]interface {}';
}

/** encoding/json's maxNestingDepth: Go refuses a document nested deeper as a syntax error. */
const GO_MAX_DEPTH = 10_000;

/** Go's syntax error for a (valid JSON) frame nested past GO_MAX_DEPTH, found without recursion. */
function goDepthError(text: string): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > GO_MAX_DEPTH) return `invalid character '${text[i]}' exceeded max depth`;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** Text to write as it is, between the values goFormat prints. */
class Literal {
  constructor(readonly text: string) {}
}

/**
 * fmt's %v of a decoded interface{} value: maps print with sorted keys. Iterative, so an id nested as
 * deep as Go reads (10,000 levels) prints rather than overflowing the stack.
 */
function goFormat(value: unknown): string {
  const out: string[] = [];
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const next = todo.pop();
    if (next instanceof Literal) out.push(next.text);
    else if (Array.isArray(next))
      pushAll(
        todo,
        '[',
        next.map((item) => ['', item] as const),
      );
    else if (typeof next === 'object' && next !== null) {
      const entries = Object.entries(next as Record<string, unknown>).sort(([a], [b]) =>
        a < b ? -1 : a > b ? 1 : 0,
      );
      pushAll(
        todo,
        'map[',
        entries.map(([key, item]) => [`${key}:`, item] as const),
      );
    } else out.push(goScalar(next));
  }
  return out.join('');
}

/** Queues `open`, each item after its prefix (space separated), then `]`, to pop in that order. */
function pushAll(todo: unknown[], open: string, items: readonly (readonly [string, unknown])[]): void {
  todo.push(new Literal(']'));
  for (let i = items.length - 1; i >= 0; i--) {
    const [prefix, item] = items[i]!;
    todo.push(item, new Literal(`${i > 0 ? ' ' : ''}${prefix}`));
  }
  todo.push(new Literal(open));
}

function goScalar(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'number') return goFloat(value);
  return typeof value === 'string' || typeof value === 'boolean' ? String(value) : '?';
}

/** %v of a float64: strconv's shortest 'g', which switches to exponent form below 1e-4 and from 1e6. */
function goFloat(value: number): string {
  const [mantissa = '', power = '0'] = value.toExponential().split('e');
  const exponent = Number(power);
  if (exponent >= -4 && exponent < 6) return String(value);
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}
