// Turns JSON-RPC params (named or positional) or URI query values into typed route arguments,
// with CometBFT's conversion rules. Throws ArgError with a reason CometBFT-like enough to read.
import { decodeGoBase64 } from './go-base64';
import type { ArgKind, ArgSpec, ArgValue, Args } from './route';

export class ArgError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgError';
  }
}

const INT = /^-?[0-9]+$/;
const HEX = /^([0-9a-fA-F]{2})*$/;

export function argsFromJson(specs: readonly ArgSpec[], params: unknown): Args {
  const args: Record<string, ArgValue> = {};
  if (params === undefined || params === null) return args;
  if (Array.isArray(params)) {
    if (params.length > specs.length)
      throw new ArgError(`expected ${specs.length} parameters, got ${params.length}`);
    specs.forEach((spec, i) => (args[spec.name] = fromJson(spec, params[i])));
    return args;
  }
  if (typeof params !== 'object') throw new ArgError('params must be an object or an array');
  const named = params as Record<string, unknown>;
  for (const spec of specs) args[spec.name] = fromJson(spec, named[spec.name]);
  return args;
}

export function argsFromUri(specs: readonly ArgSpec[], query: URLSearchParams): Args {
  const args: Record<string, ArgValue> = {};
  for (const spec of specs) {
    const raw = query.get(spec.name);
    args[spec.name] = raw === null || raw === '' ? undefined : fromUri(spec, raw);
  }
  return args;
}

function fromJson(spec: ArgSpec, value: unknown): ArgValue {
  if (value === undefined || value === null) return undefined;
  const fail = (): never => {
    throw new ArgError(`${spec.name}: cannot decode ${JSON.stringify(value)} as ${describe(spec.kind)}`);
  };
  switch (spec.kind) {
    case 'int':
      // CometBFT's libs/json unwraps an expected string for every 64-bit (and Go int) integer, so a
      // bare JSON number is refused with its text (Go's %q of the raw JSON).
      if (typeof value !== 'string') {
        throw new ArgError(
          `invalid 64-bit integer encoding ${JSON.stringify(JSON.stringify(value))}, expected string`,
        );
      }
      return INT.test(value) ? BigInt(value) : fail();
    case 'string':
      return typeof value === 'string' ? value : fail();
    case 'bool':
      return typeof value === 'boolean' ? value : fail();
    case 'bytes': {
      if (typeof value !== 'string') return fail();
      // encoding/json decodes []byte with base64.StdEncoding; its error text goes to the client.
      const decoded = decodeGoBase64(value);
      if (decoded instanceof Uint8Array) return decoded;
      throw new ArgError(decoded.error);
    }
    case 'hexbytes': {
      if (typeof value !== 'string') return fail();
      const hex = value.startsWith('0x') ? value.slice(2) : value;
      return HEX.test(hex) ? new Uint8Array(Buffer.from(hex, 'hex')) : fail();
    }
  }
}

function fromUri(spec: ArgSpec, raw: string): ArgValue {
  const quoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"');
  const unquoted = (): string => {
    try {
      return JSON.parse(raw) as string;
    } catch {
      throw new ArgError(`${spec.name}: invalid quoted string ${raw}`);
    }
  };
  switch (spec.kind) {
    case 'int':
      if (INT.test(raw)) return BigInt(raw);
      if (quoted && INT.test(raw.slice(1, -1))) return BigInt(raw.slice(1, -1));
      throw new ArgError(`${spec.name}: "${raw}" is not an integer`);
    case 'string':
      if (quoted) return unquoted();
      if (raw.toLowerCase().startsWith('0x') && HEX.test(raw.slice(2)))
        return Buffer.from(raw.slice(2), 'hex').toString('utf8');
      throw new ArgError(`${spec.name}: strings must be quoted, e.g. ${spec.name}="…"`);
    case 'bool':
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw new ArgError(`${spec.name}: "${raw}" is not a boolean`);
    case 'bytes':
    case 'hexbytes':
      if (raw.toLowerCase().startsWith('0x') && HEX.test(raw.slice(2)))
        return new Uint8Array(Buffer.from(raw.slice(2), 'hex'));
      if (quoted) return new Uint8Array(Buffer.from(unquoted(), 'utf8'));
      throw new ArgError(`${spec.name}: bytes must be 0x-hex or a quoted string`);
  }
}

function describe(kind: ArgKind): string {
  return {
    int: 'an integer',
    string: 'a string',
    bool: 'a boolean',
    bytes: 'base64 bytes',
    hexbytes: 'hex bytes',
  }[kind];
}
