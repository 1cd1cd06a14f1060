// Binds a wire codec to a DTO property as a class-validator constraint: validation runs the codec
// once, a failure's message is the codec's reason, and a success's value is kept so decodeParams
// can put the decoded (typed) value on the instance once the whole object is valid.
import { registerDecorator, type ValidationArguments } from 'class-validator';
import { CodecError } from '../primitives';

/** Decodes one property; `object` is the instance under validation, holding raw sibling values. */
export type FieldCodec = (value: unknown, object: object) => unknown;

const decodedValues = new WeakMap<object, Map<string, unknown>>();
const codecFailures = new WeakMap<object, Map<string, CodecError>>();

export function CodecField(name: string, codec: FieldCodec): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    if (typeof propertyKey !== 'string') throw new TypeError(`${name} needs a string property name`);
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyKey,
      validator: {
        validate(value: unknown, args: ValidationArguments): boolean {
          try {
            // Optional fields never get here when null or absent (IsOptional skips them).
            if (value === undefined || value === null) throw new CodecError('missing required field');
            remember(decodedValues, args.object, args.property, codec(value, args.object));
            return true;
          } catch (error) {
            if (!(error instanceof CodecError)) throw error;
            remember(codecFailures, args.object, args.property, error);
            return false;
          }
        },
        defaultMessage(args: ValidationArguments): string {
          return codecFailures.get(args.object)?.get(args.property)?.message ?? `invalid ${args.property}`;
        },
      },
    });
  };
}

/** The codec's failure for a property of a validated instance, if its codec failed. */
export function codecFailure(object: object, property: string): CodecError | undefined {
  return codecFailures.get(object)?.get(property);
}

/** Replaces the raw values of a validated instance by their decoded values, and null by undefined. */
export function applyDecoded(object: object): void {
  const record = object as Record<string, unknown>;
  for (const [property, value] of decodedValues.get(object) ?? []) record[property] = value;
  for (const property of Object.keys(record)) if (record[property] === null) record[property] = undefined;
  decodedValues.delete(object);
  codecFailures.delete(object);
}

function remember<T>(
  store: WeakMap<object, Map<string, T>>,
  object: object,
  property: string,
  value: T,
): void {
  let values = store.get(object);
  if (values === undefined) {
    values = new Map();
    store.set(object, values);
  }
  values.set(property, value);
}
