// Runs a DTO's class-validator rules from a plan made once per class, instead of through validateSync: its
// executor filters and groups the rules again, builds an error object for every property and a constraint
// lookup per rule on every call (about 8 % of the main thread's CPU on a public-endpoint mix). The rules stay
// the decorators' (IsOptional, CodecField, the cross-field ones): this reads them from class-validator's
// storage and applies them in its order with its outcome, and refuses a kind of rule it does not apply.
import {
  getMetadataStorage,
  ValidationTypes,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { classesWithRulesCount } from './validation-metadata-memo';

/** A property that failed: class-validator's ValidationError, as far as this codec reads it. */
export interface FieldError {
  readonly property: string;
  /** The failed rules' messages by rule name, in rule order. */
  readonly constraints: Readonly<Record<string, string>>;
}

interface Rule {
  readonly name: string;
  readonly constraints: unknown[];
  readonly validator: ValidatorConstraintInterface;
}

interface PropertyPlan {
  /** The class's name, as ValidationArguments.targetName gives it to a rule. */
  readonly targetName: string;
  readonly property: string;
  /** IsOptional's test: the property's rules run only when every one holds. */
  readonly conditions: readonly ((object: object, value: unknown) => boolean)[];
  readonly rules: readonly Rule[];
}

/** A DTO class: any class with rules in class-validator's storage. */
type DtoClass = abstract new (...args: never[]) => object;

type Metadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>;

/**
 * Plans by class, made again once a class with rules is added (its rules may be inherited): looked up
 * without asking the storage, which costs a decode more than the plan's own lookup.
 */
let plans = new WeakMap<DtoClass, readonly PropertyPlan[]>();
let plansForClasses = -1;

/** The properties of `instance` that fail their rules, in class-validator's order (validateSync's errors). */
export function failedFields(instance: object): FieldError[] {
  const errors: FieldError[] = [];
  const record = instance as Record<string, unknown>;
  for (const plan of planOf(instance.constructor as DtoClass)) {
    const value = record[plan.property];
    if (!plan.conditions.every((holds) => holds(instance, value))) continue;
    let constraints: Record<string, string> | undefined;
    for (const rule of plan.rules) {
      const args: ValidationArguments = {
        targetName: plan.targetName,
        property: plan.property,
        object: instance,
        value,
        constraints: rule.constraints,
      };
      if (rule.validator.validate(value, args) === true) continue;
      constraints ??= {};
      constraints[rule.name] = rule.validator.defaultMessage?.(args) ?? '';
    }
    if (constraints !== undefined) errors.push({ property: plan.property, constraints });
  }
  return errors;
}

function planOf(dto: DtoClass): readonly PropertyPlan[] {
  const classes = classesWithRulesCount();
  if (classes !== plansForClasses) {
    plans = new WeakMap();
    plansForClasses = classes;
  }
  let plan = plans.get(dto);
  if (plan === undefined) {
    const storage = getMetadataStorage();
    // The same lookup validateSync makes for an object with no schema, groups or `always`.
    const byProperty = storage.groupByPropertyName(
      storage.getTargetValidationMetadatas(dto, '', false, false),
    );
    plan = Object.keys(byProperty).map((property) => propertyPlan(dto, property, byProperty[property] ?? []));
    plans.set(dto, plan);
  }
  return plan;
}

function propertyPlan(dto: DtoClass, property: string, metadata: Metadata): PropertyPlan {
  const conditions: ((object: object, value: unknown) => boolean)[] = [];
  const rules: Rule[] = [];
  const where = `${dto.name}.${property}`;
  for (const entry of metadata) {
    if (entry.each || entry.message !== undefined || entry.context !== undefined)
      throw new TypeError(`${where}: a rule option field-rules does not apply (each, message or context)`);
    if (entry.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      conditions.push(entry.constraints[0] as (object: object, value: unknown) => boolean);
    } else if (entry.type === ValidationTypes.CUSTOM_VALIDATION) {
      for (const constraint of getMetadataStorage().getTargetValidatorConstraints(entry.constraintCls)) {
        if (constraint.async) throw new TypeError(`${where}: an async rule (${constraint.name})`);
        rules.push({ name: constraint.name, constraints: entry.constraints, validator: constraint.instance });
      }
    } else {
      throw new TypeError(`${where}: a kind of rule field-rules does not apply (${entry.type})`);
    }
  }
  return { targetName: dto.name, property, conditions, rules };
}
