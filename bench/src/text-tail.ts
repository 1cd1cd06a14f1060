// Cutting long process output down for a failure message.

/** The last `lines` lines of `text`, with a leading "…" when some were cut. */
export function tail(text: string, lines: number): string {
  const all = text.trimEnd().split('\n');
  return (all.length > lines ? ['…', ...all.slice(-lines)] : all).join('\n');
}
