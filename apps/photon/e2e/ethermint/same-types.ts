// test_types.py's same_types / compare_types: two JSON values have the same shape (dict keys on both
// sides, list heads, Python's type of each scalar: a JSON number is an int when integral, else a float).
type PyType = 'dict' | 'list' | 'NoneType' | 'bool' | 'str' | 'int' | 'float';

function pyType(value: unknown): PyType {
  if (value === null || value === undefined) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'dict';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'str';
  return Number.isInteger(value) ? 'int' : 'float';
}

export function sameTypes(given: unknown, expected: unknown): [boolean, string] {
  const a = pyType(given);
  const b = pyType(expected);
  if (a === 'dict') {
    if (b !== 'dict') return [false, 'A is dict, B is not'];
    const g = given as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    for (const key of new Set([...Object.keys(g), ...Object.keys(e)])) {
      if (!(key in e) || !(key in g)) return [false, `${key} key not on both json`];
      const [res, err] = sameTypes(g[key], e[key]);
      if (!res) return [res, `${key} key failed. Error: ${err}`];
    }
    return [true, ''];
  }
  if (a === 'list') {
    if (b !== 'list') return [false, 'A is list, B is not'];
    const g = given as unknown[];
    const e = expected as unknown[];
    if (g.length > 0 && e.length > 0) return sameTypes(g[0], e[0]);
    return [true, ''];
  }
  if (a === 'NoneType' && b === 'NoneType') return [true, ''];
  if (a === b) return [true, ''];
  if ((a === 'int' && b === 'float' && given === 0) || (b === 'int' && a === 'float' && expected === 0)) {
    return [true, ''];
  }
  return [false, `different types. Given object is type ${a} expected object is type ${b}`];
}

/** compare_types: fails with same_types's error and both values. */
export function compareTypes(actual: unknown, expected: unknown): void {
  const [res, err] = sameTypes(actual, expected);
  if (!res)
    throw new Error(`${err}\nactual: ${JSON.stringify(actual)}\nexpected: ${JSON.stringify(expected)}`);
}
