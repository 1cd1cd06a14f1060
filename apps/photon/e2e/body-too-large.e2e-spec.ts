// A body over --max-body-bytes gets an HTTP 413 with its JSON-RPC error that every client can read
// (issue 10, item 3): Node's fetch (undici), ethers and curl, with 6 MiB and 50 MiB bodies, declared
// or chunked. The gateway reads the rest of the body and drops it before answering, so the client is
// never cut off mid-upload (which it would report as a network failure, not as the 413).
import { type InProcessStack, startPhotonStack } from '@photon/testing';
import { JsonRpcProvider } from 'ethers';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(120_000);

const MiB = 1024 * 1024;
const TOO_LARGE = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32005,
    message: `request body too large, the limit is ${5 * MiB} bytes`,
    data: { limit: 5 * MiB },
  },
};

/** A JSON-RPC call whose body is `size` bytes long. */
function bodyOf(size: number): string {
  const head = '{"jsonrpc":"2.0","id":1,"method":"web3_sha3","params":["0x';
  const tail = '"]}';
  return head + 'ab'.repeat(Math.ceil((size - head.length - tail.length) / 2)) + tail;
}

describe('HTTP 413 that a client can read', () => {
  let stack: InProcessStack;
  let scratch: string;
  beforeAll(async () => {
    stack = await startPhotonStack('in-process', { extraArgs: ['--log-level', 'warn'] });
    scratch = await mkdtemp(join(tmpdir(), 'photon-413-'));
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it.each([6, 50])(
    'error: fetch with a declared %i MiB body receives the 413 and its JSON-RPC error',
    async (mib) => {
      const reply = await fetch(stack.httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodyOf(mib * MiB),
      });
      expect(reply.status).toBe(413);
      expect(await reply.json()).toEqual(TOO_LARGE);
    },
  );

  it('error: fetch with a chunked (undeclared) 6 MiB body receives the 413', async () => {
    const text = Buffer.from(bodyOf(6 * MiB));
    const chunks = Array.from({ length: Math.ceil(text.length / 65536) }, (_, i) =>
      text.subarray(i * 65536, (i + 1) * 65536),
    );
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const reply = await fetch(stack.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    });
    expect(reply.status).toBe(413);
    expect(await reply.json()).toEqual(TOO_LARGE);
  });

  it('error: ethers reports the 413 with the JSON-RPC error, not a network failure', async () => {
    const provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, batchMaxCount: 1 });
    const hex = '0x' + 'ab'.repeat(3 * MiB);
    let caught: unknown;
    try {
      await provider.send('web3_sha3', [hex]);
    } catch (error) {
      caught = error;
    }
    provider.destroy();
    expect(String(caught)).toContain('request body too large');
    expect(String(caught)).not.toContain('fetch failed');
  });

  it.each([6, 50])('error: curl with a %i MiB body receives the 413 and its JSON-RPC error', async (mib) => {
    const file = join(scratch, `body-${mib}.json`);
    await writeFile(file, bodyOf(mib * MiB));
    const curl = spawnSync(
      'curl',
      [
        '-sS',
        '-w',
        '\n%{http_code}',
        '-H',
        'content-type: application/json',
        '--data-binary',
        `@${file}`,
        stack.httpUrl,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(curl.stderr).toBe('');
    const [json, status] = curl.stdout.split('\n');
    expect(status).toBe('413');
    expect(JSON.parse(json!)).toEqual(TOO_LARGE);
  });
});
