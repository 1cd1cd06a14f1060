// The `.io` golden-file format of ethereum/execution-apis' tests/: `//` comment lines, then one or
// more exchanges, each a `>> {request}` line followed by a `<< {response}` line, one JSON text per line.

export interface GoldenExchange {
  readonly request: unknown;
  readonly response: unknown;
}

export interface GoldenFile {
  /** What the case shows, one line per comment (without the `// `). */
  readonly comments: readonly string[];
  readonly exchanges: readonly GoldenExchange[];
}

/** Parses a `.io` file; `name` only labels the errors. */
export function parseGoldenFile(text: string, name: string): GoldenFile {
  const comments: string[] = [];
  const exchanges: GoldenExchange[] = [];
  let request: unknown;
  let awaitingResponse = false;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    const where = `${name}:${index + 1}`;
    if (line === '') return;
    if (line.startsWith('//')) {
      comments.push(line.replace(/^\/\/ ?/, ''));
    } else if (line.startsWith('>>')) {
      if (awaitingResponse) throw new Error(`${where}: a request follows a request without its response`);
      request = parseJson(line.slice(2), where);
      awaitingResponse = true;
    } else if (line.startsWith('<<')) {
      if (!awaitingResponse) throw new Error(`${where}: a response without a request`);
      exchanges.push({ request, response: parseJson(line.slice(2), where) });
      awaitingResponse = false;
    } else {
      throw new Error(`${where}: a line must start with //, >> or <<`);
    }
  });
  if (awaitingResponse) throw new Error(`${name}: the last request has no response`);
  if (exchanges.length === 0) throw new Error(`${name}: no exchange`);
  return { comments, exchanges };
}

export function formatGoldenFile(file: GoldenFile): string {
  const lines = file.comments.map((comment) => `// ${comment}`);
  for (const { request, response } of file.exchanges) {
    lines.push(`>> ${JSON.stringify(request)}`, `<< ${JSON.stringify(response)}`);
  }
  return `${lines.join('\n')}\n`;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${where}: not JSON (${(error as Error).message})`);
  }
}
