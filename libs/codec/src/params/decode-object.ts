// Decodes one JSON object into a DTO instance: copy the declared fields, validate them with their
// class-validator rules (field-rules), then swap in the decoded values. Nested objects (call and filter
// objects) recurse through here, so a failure names its field path.
import { getMetadataStorage } from 'class-validator';
import { CodecError, isJsonObject } from '../primitives';
import { applyDecoded, codecFailure } from './codec-field';
import { type FieldError, failedFields } from './field-rules';
import { memoizeValidationMetadata } from './validation-metadata-memo';

memoizeValidationMetadata();

/** A DTO may tidy itself once decoded, e.g. fold an alias into its canonical field. */
export interface AfterDecode {
  afterDecode(): void;
}

const fieldNamesByClass = new WeakMap<object, readonly string[]>();

/**
 * The properties a DTO class declares validation for (inherited ones included); only these are
 * copied from the wire, so unknown keys (geth ignores them) and `__proto__` never reach an instance.
 */
export function fieldNames(dto: new () => object): readonly string[] {
  let names = fieldNamesByClass.get(dto);
  if (names === undefined) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    names = [...new Set(metadata.map((entry) => entry.propertyName))];
    fieldNamesByClass.set(dto, names);
  }
  return names;
}

export function decodeObject<T extends object>(dto: new () => T, input: unknown, goType: string): T {
  if (!isJsonObject(input)) throw CodecError.wrongKind(input, goType);
  const instance = new dto();
  const record = instance as Record<string, unknown>;
  for (const name of fieldNames(dto)) {
    if (Object.hasOwn(input, name)) record[name] = input[name];
  }
  const [first] = failedFields(instance);
  if (first !== undefined) {
    const failure = fieldFailure(instance, first);
    throw failure.fromCodec ? failure.error.atField(first.property) : failure.error;
  }
  finishDecode(instance);
  return instance;
}

/**
 * Why a property failed: its codec's error when the codec failed (then the caller prefixes the
 * field), else the message of a cross-field rule, which describes the whole object.
 */
export function fieldFailure(instance: object, error: FieldError): { error: CodecError; fromCodec: boolean } {
  const fromCodec = codecFailure(instance, error.property);
  if (fromCodec !== undefined) return { error: fromCodec, fromCodec: true };
  const [message] = Object.values(error.constraints);
  return { error: new CodecError(message ?? `invalid ${error.property}`), fromCodec: false };
}

export function finishDecode(instance: object): void {
  applyDecoded(instance);
  if (hasAfterDecode(instance)) instance.afterDecode();
}

function hasAfterDecode(instance: object): instance is AfterDecode {
  return typeof (instance as Partial<AfterDecode>).afterDecode === 'function';
}
