// Rules between two fields of one object (geth rejects `blockHash` with `fromBlock`, or `data` and
// `input` that disagree). Their message describes the whole object, so it carries no field path.
import { registerDecorator, type ValidationArguments } from 'class-validator';

const present = (value: unknown): boolean => value !== undefined && value !== null;

/** Fails when this field and any of `others` are all given. */
export function ExcludesFields(others: readonly string[], reason: string): PropertyDecorator {
  return crossField(
    'excludesFields',
    reason,
    (value, object) => !others.some((other) => present(object[other])),
  );
}

/**
 * Fails when this field and `other` are both given and differ once canonicalized; a value the
 * canonicalizer rejects is left to the field's own codec to report.
 */
export function AgreesWith(
  other: string,
  canonical: (value: unknown) => string,
  reason: string,
): PropertyDecorator {
  return crossField('agreesWith', reason, (value, object) => {
    const theirs = object[other];
    if (!present(theirs)) return true;
    try {
      return canonical(value) === canonical(theirs);
    } catch {
      return true;
    }
  });
}

function crossField(
  name: string,
  reason: string,
  holds: (value: unknown, object: Record<string, unknown>) => boolean,
): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    if (typeof propertyKey !== 'string') throw new TypeError(`${name} needs a string property name`);
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyKey,
      validator: {
        validate(value: unknown, args: ValidationArguments): boolean {
          return !present(value) || holds(value, args.object as Record<string, unknown>);
        },
        defaultMessage(): string {
          return reason;
        },
      },
    });
  };
}
