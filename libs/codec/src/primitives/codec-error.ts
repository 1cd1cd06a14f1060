// The one error a wire codec throws: a geth-worded reason plus the path of the failing field, so
// the params layer can say `invalid argument 0: accessList[1].address: <reason>`.

export class CodecError extends Error {
  /** Field names and `[index]` segments from the outermost value to the failing one. */
  readonly path: readonly string[];

  constructor(
    readonly reason: string,
    path: readonly string[] = [],
  ) {
    super(formatMessage(reason, path));
    this.name = 'CodecError';
    this.path = path;
  }

  /** The same failure seen from the enclosing object, one field further out. */
  atField(name: string): CodecError {
    return new CodecError(this.reason, [name, ...this.path]);
  }

  /** The same failure seen from the enclosing list or map entry. */
  atIndex(index: number | string): CodecError {
    return new CodecError(this.reason, [`[${index}]`, ...this.path]);
  }

  /** Go's text for a JSON value of the wrong kind, e.g. `json: cannot unmarshal number into Go value of type bool`. */
  static wrongKind(value: unknown, goType: string): CodecError {
    return new CodecError(`json: cannot unmarshal ${jsonKind(value)} into Go value of type ${goType}`);
  }

  /** geth's text when a hexutil or common type is given anything but a string. */
  static nonString(goType: string): CodecError {
    return new CodecError(`json: cannot unmarshal non-string into Go value of type ${goType}`);
  }
}

/** Runs a nested decode, re-labelling its failure with the field it was reading. */
export function inField<T>(field: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw error instanceof CodecError ? error.atField(field) : error;
  }
}

/** Runs a nested decode, re-labelling its failure with the list index or map key it was reading. */
export function inEntry<T>(index: number | string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw error instanceof CodecError ? error.atIndex(index) : error;
  }
}

function formatMessage(reason: string, path: readonly string[]): string {
  if (path.length === 0) return reason;
  const joined = path.reduce((acc, segment) =>
    segment.startsWith('[') ? acc + segment : `${acc}.${segment}`,
  );
  return `${joined}: ${reason}`;
}

/** The JSON kind of a value in Go's words (`bool`, not `boolean`), as its decode errors print it. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'string':
    case 'number':
    case 'object':
      return typeof value;
    default:
      return `non-JSON ${typeof value}`;
  }
}

/** A JSON object (not null, not an array), the only shape struct-like params may take. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
