// The kept rule lookup answers what class-validator's own lookup answers, also for a class (and a subclass)
// defined after lookups were kept.
import { IsString, getMetadataStorage, validateSync } from 'class-validator';
import { memoizeValidationMetadata } from './validation-metadata-memo';

describe(memoizeValidationMetadata.name, () => {
  it('behavior: a class defined after the lookups were kept is validated by its own rules', () => {
    memoizeValidationMetadata();
    class First {
      @IsString()
      name: unknown = 'a';
    }
    expect(validateSync(new First())).toHaveLength(0);
    const bad = new First();
    bad.name = 1;
    expect(validateSync(bad).map((error) => error.property)).toEqual(['name']);

    class Second extends First {
      @IsString()
      other: unknown = 2;
    }
    expect(validateSync(new Second()).map((error) => error.property)).toEqual(['other']);
    const rules = getMetadataStorage().getTargetValidationMetadatas(Second, '', true, false);
    expect(rules.map((rule) => rule.propertyName).sort()).toEqual(['name', 'other']);
    // Kept: the same answer, the same array.
    expect(getMetadataStorage().getTargetValidationMetadatas(Second, '', true, false)).toBe(rules);
  });
});
