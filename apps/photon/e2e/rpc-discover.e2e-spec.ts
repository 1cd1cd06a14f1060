// rpc.discover over a real client's wire (a raw JSON-RPC POST and a websocket message), in both
// topologies: the answer is valid OpenRPC, lists the namespaces the listener exposes and nothing
// else, and is docs/openrpc.json as committed, less the methods (and components) of the others.
import type { OpenRpcDocument } from '@photon/types';
import {
  type PhotonStack,
  type PhotonStackKind,
  rpcRaw,
  startPhotonStack,
  validateOpenRpcDocument,
  workspaceRoot,
} from '@photon/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';

jest.setTimeout(90_000);

const DISCOVER = { jsonrpc: '2.0', id: 7, method: 'rpc.discover' };

/** One message on a fresh websocket and the first message back. */
function overWebsocket(url: string, message: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify(message)));
    socket.once('message', (data: Buffer) => {
      socket.close();
      resolve(JSON.parse(data.toString()));
    });
  });
}

async function discoverOverHttp(stack: PhotonStack): Promise<OpenRpcDocument> {
  const reply = await rpcRaw(stack.httpUrl, JSON.stringify(DISCOVER));
  expect(reply.status).toBe(200);
  const { result } = reply.json as { result: OpenRpcDocument };
  return result;
}

const namespaceOf = (name: string): string => name.split(/[_.]/)[0]!;
const namespacesOf = (document: OpenRpcDocument): string[] =>
  [...new Set(document.methods.map((method) => namespaceOf(method.name)))].sort();

const TRACING_METHODS = [
  'debug_traceTransaction',
  'debug_traceBlockByNumber',
  'debug_traceBlockByHash',
  'debug_traceCall',
];

// Every namespace --rpc-api accepts (clique_, les_, db_, shh_ rows exist but no flag exposes them).
const EVERY_NAMESPACE = ['web3', 'net', 'eth', 'personal', 'txpool', 'debug', 'miner', 'admin'];

describe.each<[PhotonStackKind, string[]]>([
  ['in-process', ['web3', 'eth', 'net']],
  ['cluster', EVERY_NAMESPACE],
])('rpc.discover (%s, --rpc-api %j)', (kind, rpcApi) => {
  let stack: PhotonStack;
  beforeAll(async () => {
    const extraArgs = ['--log-level', 'warn', '--rpc-api', rpcApi.join(',')];
    stack = await startPhotonStack(kind, { extraArgs });
  });
  afterAll(() => stack?.stop());

  it('default: HTTP and websocket answer the same valid OpenRPC document', async () => {
    const document = await discoverOverHttp(stack);
    expect(validateOpenRpcDocument(document)).toStrictEqual({ valid: true, errors: '' });
    expect(await overWebsocket(stack.wsUrl, DISCOVER)).toEqual({ jsonrpc: '2.0', id: 7, result: document });
  });

  it('behavior: the committed document, less the namespaces not exposed; rpc is always exposed', async () => {
    const document = await discoverOverHttp(stack);
    const exposed = [...rpcApi, 'rpc'];
    expect(namespacesOf(document)).toEqual([...exposed].sort());
    const committed = JSON.parse(
      readFileSync(join(workspaceRoot(), 'docs', 'openrpc.json'), 'utf8'),
    ) as OpenRpcDocument;
    expect(document.info).toEqual(committed.info);
    expect(document.methods).toEqual(
      committed.methods.filter((method) => exposed.includes(namespaceOf(method.name))),
    );
    const components = document.components?.schemas ?? {};
    expect(Object.keys(components).length).toBeGreaterThan(0);
    for (const [name, schema] of Object.entries(components)) {
      expect([name, schema]).toEqual([name, committed.components?.schemas[name]]);
    }
  });

  it('behavior: the tracing methods are listed with debug exposed, and served (answers, never -32601)', async () => {
    const document = await discoverOverHttp(stack);
    const listed = new Set(document.methods.map((method) => method.name));
    for (const name of TRACING_METHODS) {
      expect([name, listed.has(name)]).toEqual([name, rpcApi.includes('debug')]);
      const reply = await rpcRaw(
        stack.httpUrl,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: name, params: [] }),
      );
      const code = rpcApi.includes('debug') ? -32602 : -32601;
      expect([name, reply.json]).toMatchObject([name, { error: { code } }]);
    }
  });

  it('error: params are refused with -32602, the method named otherwise is unknown', async () => {
    const reply = await rpcRaw(stack.httpUrl, JSON.stringify({ ...DISCOVER, params: ['all'] }));
    expect(reply.json).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'too many arguments, want at most 0' },
    });
    const misspelt = await rpcRaw(stack.httpUrl, JSON.stringify({ ...DISCOVER, method: 'rpc_discover' }));
    expect(misspelt.json).toMatchObject({ error: { code: -32601 } });
  });
});
