// `@Param(index)`: where a DTO property sits in the positional params array, and whether it may be
// left out. decodeParams reads these to count, order and report arguments as geth does.
import { IsOptional } from 'class-validator';

export interface ParamOptions {
  /** May be absent or null (then the property stays undefined). */
  readonly optional?: boolean;
  /**
   * Whether the method takes this argument at all given the raw params, for methods whose arity
   * depends on an earlier argument (eth_subscribe("newHeads") takes no options).
   */
  readonly acceptedWhen?: (params: readonly unknown[]) => boolean;
}

export interface ParamSpec {
  readonly index: number;
  readonly property: string;
  readonly optional: boolean;
  readonly acceptedWhen?: (params: readonly unknown[]) => boolean;
}

const specsByClass = new WeakMap<object, ParamSpec[]>();

export function Param(index: number, options: ParamOptions = {}): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    if (typeof propertyKey !== 'string') throw new TypeError('@Param needs a string property name');
    if (!Number.isInteger(index) || index < 0) throw new TypeError(`@Param index ${index} is not a position`);
    const specs = specsByClass.get(target.constructor) ?? [];
    if (specs.some((spec) => spec.index === index)) {
      throw new TypeError(`${target.constructor.name}: two properties at param index ${index}`);
    }
    const optional = options.optional ?? false;
    specs.push({ index, property: propertyKey, optional, acceptedWhen: options.acceptedWhen });
    specs.sort((a, b) => a.index - b.index);
    specsByClass.set(target.constructor, specs);
    if (optional) IsOptional()(target, propertyKey);
  };
}

/** Classes whose positions were checked: once each, not on every request. */
const checkedClasses = new WeakSet<object>();

/** The params of a DTO class in position order; throws if the positions leave a gap (a bug). */
export function paramSpecs(dto: new () => object): readonly ParamSpec[] {
  const specs = specsByClass.get(dto) ?? [];
  if (checkedClasses.has(dto)) return specs;
  specs.forEach((spec, position) => {
    if (spec.index !== position) throw new TypeError(`${dto.name}: no @Param at index ${position}`);
  });
  checkedClasses.add(dto);
  return specs;
}
