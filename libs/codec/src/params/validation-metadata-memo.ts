// class-validator looks a class's rules up again on every validateSync, walking every class it knows with an
// instanceof test each (for inherited rules): 26 of the 42 µs an eth_call's params took to decode here. The
// rules are written by decorators as each class is defined and never change after, so the lookup is kept per
// class and options, and everything kept is dropped when a class with rules is added (the storage's class
// count changes). Calls that pass validation groups are not kept (this codec uses none).
import { getMetadataStorage } from 'class-validator';

type Lookup = ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas'];

/** The part of class-validator's storage the memo reads: its rules by class (a private field). */
interface StorageInternals {
  readonly validationMetadatas: ReadonlyMap<unknown, unknown>;
}

let installed = false;

/**
 * How many classes have rules in the storage: what is kept from it holds while this count does not
 * change (a class's rules are all written as it is defined).
 */
export function classesWithRulesCount(): number {
  return (getMetadataStorage() as unknown as StorageInternals).validationMetadatas.size;
}

/** Replaces the storage's lookup with a kept one; the second and later calls do nothing. */
export function memoizeValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const classes = (storage as unknown as StorageInternals).validationMetadatas;
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  let kept = new Map<unknown, Map<string, ReturnType<Lookup>>>();
  let keptForClasses = classes.size;
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups !== undefined && groups.length > 0)
      return lookup(target, schema, always, strictGroups, groups);
    if (classes.size !== keptForClasses) {
      kept = new Map();
      keptForClasses = classes.size;
    }
    let byOptions = kept.get(target);
    if (byOptions === undefined) {
      byOptions = new Map();
      kept.set(target, byOptions);
    }
    const options = `${schema}|${String(always)}|${String(strictGroups)}`;
    let rules = byOptions.get(options);
    if (rules === undefined) {
      rules = lookup(target, schema, always, strictGroups, groups);
      byOptions.set(options, rules);
    }
    return rules;
  };
}
