import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { RLP } from '@ethereumjs/rlp';
import { type Hex } from '@photon/types';
import { AbciQueryError } from '../errors';
import { CometHttpClient } from '../http/comet-http-client';
import { MPT_ACCOUNT_OP, provenStorageRoot, StoreProofClient } from './store-proof-client';

const ADDRESS: Hex = `0x${'ab'.repeat(20)}`;
const SLOT: Hex = `0x${'00'.repeat(31)}07`;
const ROOT = new Uint8Array(32).fill(0x11);
const b64 = (bytes: Uint8Array | number[]): string => Buffer.from(bytes).toString('base64');

/** An engine answering abci_query with `answer(params)`, keeping every params object it was sent. */
async function engineAnswering(answer: (params: Record<string, unknown>) => unknown) {
  const seen: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { id, params } = JSON.parse(body) as { id: number; params: Record<string, unknown> };
      seen.push(params);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { response: answer(params) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe(StoreProofClient.name, () => {
  it("default: Ethermint's store paths and keys, with prove, at the height; the ops come back", async () => {
    const engine = await engineAnswering(() => ({
      code: 0,
      value: b64([7]),
      height: '5',
      proofOps: { ops: [{ type: 'ics23:iavl', key: b64([1]), data: b64([2, 3]) }] },
    }));
    const comet = new CometHttpClient(engine.url);
    try {
      const store = new StoreProofClient(comet);
      const slot = await store.storageSlot(ADDRESS, SLOT, 5n);
      expect(slot).toEqual({
        value: Uint8Array.of(7),
        proofOps: [{ type: 'ics23:iavl', key: Uint8Array.of(1), data: Uint8Array.of(2, 3) }],
      });
      await store.account(ADDRESS, 5n);
      expect(engine.seen).toEqual([
        { path: 'store/evm/key', data: `02${'ab'.repeat(20)}${SLOT.slice(2)}`, height: '5', prove: true },
        { path: 'store/acc/key', data: `01${'ab'.repeat(20)}`, height: '5', prove: true },
      ]);
    } finally {
      comet.close();
      await engine.close();
    }
  });

  it('error: a refused store read', async () => {
    const engine = await engineAnswering(() => ({ code: 6, codespace: 'sdk', log: 'no such store: evm' }));
    const comet = new CometHttpClient(engine.url);
    try {
      await expect(new StoreProofClient(comet).account(ADDRESS, 5n)).rejects.toBeInstanceOf(AbciQueryError);
    } finally {
      comet.close();
      await engine.close();
    }
  });
});

describe(provenStorageRoot.name, () => {
  const mpt = [{ type: MPT_ACCOUNT_OP, key: new Uint8Array(20), data: Uint8Array.of(0xc0) }];

  it("default: the devnet's account RLP carries the storage root", () => {
    const account = RLP.encode([1n, 2n, ROOT, new Uint8Array(32)]);
    expect(provenStorageRoot({ value: account, proofOps: mpt })).toBe(`0x${'11'.repeat(32)}`);
  });

  it("behavior: no account is the empty trie's root; IAVL proofs give Ethermint's zero hash", () => {
    expect(provenStorageRoot({ value: new Uint8Array(), proofOps: mpt })).toBe(
      '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    );
    const iavl = [{ type: 'ics23:iavl', key: new Uint8Array(), data: new Uint8Array() }];
    expect(provenStorageRoot({ value: Uint8Array.of(0x0a), proofOps: iavl })).toBe(`0x${'00'.repeat(32)}`);
  });

  it('error: an account value that is not an RLP account', () => {
    expect(() => provenStorageRoot({ value: RLP.encode([1n, 2n]), proofOps: mpt })).toThrow(/not an RLP/);
  });
});
