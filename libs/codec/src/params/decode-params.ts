// Turns a request's raw `params` into a typed, validated DTO with geth's -32602 wording:
// `non-array args`, `too many arguments, want at most N`, `missing value for required argument i`,
// `invalid argument i: <reason>`.
import { InvalidParamsError } from '../errors/rpc-errors';
import { fieldFailure, finishDecode } from './decode-object';
import { failedFields } from './field-rules';
import { paramSpecs } from './param-index';

export function decodeParams<T extends object>(dto: new () => T, raw: unknown): T {
  const args = positional(raw);
  const specs = paramSpecs(dto).filter((spec) => spec.acceptedWhen?.(args) ?? true);
  if (args.length > specs.length)
    throw new InvalidParamsError(`too many arguments, want at most ${specs.length}`);

  const instance = new dto();
  const record = instance as Record<string, unknown>;
  let firstMissing: number | undefined;
  for (const spec of specs) {
    const value: unknown = args[spec.index];
    // null counts as absent, as in geth (and as clients that pad optional params send it).
    if (value === undefined || value === null) {
      if (!spec.optional) firstMissing ??= spec.index;
      continue;
    }
    record[spec.property] = value;
  }

  // geth stops at the first bad argument in order, whether it is missing or malformed.
  let firstInvalid: { index: number; reason: string } | undefined;
  for (const error of specs.length > 0 ? failedFields(instance) : []) {
    const index = specs.find((spec) => spec.property === error.property)?.index;
    if (index === undefined || (firstInvalid !== undefined && firstInvalid.index <= index)) continue;
    firstInvalid = { index, reason: fieldFailure(instance, error).error.message };
  }
  if (firstMissing !== undefined && (firstInvalid === undefined || firstMissing <= firstInvalid.index)) {
    throw new InvalidParamsError(`missing value for required argument ${firstMissing}`);
  }
  if (firstInvalid !== undefined) throw InvalidParamsError.argument(firstInvalid.index, firstInvalid.reason);

  finishDecode(instance);
  return instance;
}

function positional(raw: unknown): readonly unknown[] {
  // Absent and null params both mean "no arguments" (geth accepts `"params": null` too).
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new InvalidParamsError('non-array args');
  return raw;
}
