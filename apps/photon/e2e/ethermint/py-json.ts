// json.dumps(value, sort_keys=True) as Python writes it (", " and ": " separators), so results the
// upstream tests compare as JSON text compare the same way here.
export function pyJsonDumps(value: unknown, sortKeys = true): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((item) => pyJsonDumps(item, sortKeys)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pyJsonDumps(item, sortKeys)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}
