// A plain-text table: the first `textColumns` columns left-aligned, the rest (numbers) right-aligned, a rule
// under the header; trailing spaces trimmed.

export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  textColumns = 2,
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (texts: readonly string[]): string =>
    texts
      .map((c, i) => (i < textColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
