// eth_getProof through the whole stack (in-process and over NATS) with ethers (provider.send): the devnet proves with Merkle-Patricia
// tries, so an answer at block N verifies with @ethereumjs/mpt against the state root after block N, which
// CometBFT puts in the next header (app_hash) and so is eth_getBlockByNumber(N + 1).stateRoot.
import { MerklePatriciaTrie, verifyMPTWithMerkleProof } from '@ethereumjs/mpt';
import { createAccountFromRLP } from '@ethereumjs/util';
import { type PhotonStack, devWallet, startPhotonStack, waitFor } from '@photon/testing';
import {
  AbiCoder,
  decodeRlp,
  getBytes,
  hexlify,
  JsonRpcProvider,
  keccak256,
  toBeHex,
  toQuantity,
} from 'ethers';
import { ChainWriter, INITIAL_SUPPLY, type TokenChain, putTokenChain } from './query-chain';

jest.setTimeout(120_000);

interface AccountProof {
  address: string;
  balance: string;
  codeHash: string;
  nonce: string;
  storageHash: string;
  accountProof: string[];
  storageProof: { key: string; value: string; proof: string[] }[];
}

const TOKENS_TO_5 = 300n * 10n ** 18n;
const TOTAL_SUPPLY_SLOT = '0x2';
const [A4, A5] = [4, 5].map((i) => devWallet(i).address.toLowerCase()) as [string, string];
const balanceSlot = (holder: string): string =>
  keccak256(AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [holder, 3n]));
const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

/** What `proof` proves under `root` for `key` (hashed by the trie): the leaf's value, null for an absence. */
const proven = (root: string, key: string, proof: readonly string[]): Promise<Uint8Array | null> =>
  verifyMPTWithMerkleProof(
    new MerklePatriciaTrie({ useKeyHashing: true }),
    getBytes(root),
    getBytes(key),
    proof.map((node) => getBytes(node)),
  );

describe.each(['in-process', 'cluster'] as const)('eth_getProof with ethers through the %s stack', (kind) => {
  let stack: PhotonStack;
  let provider: JsonRpcProvider;
  let chain: TokenChain;

  beforeAll(async () => {
    stack = await startPhotonStack(kind, { blockTimeMs: 500 });
    const writer = new ChainWriter(stack.devnetUrl);
    chain = await putTokenChain(writer, { name: 'Proof Token', symbol: 'PRF', toAccount5: TOKENS_TO_5 });
    provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, batchMaxCount: 1 });
  });
  afterAll(async () => {
    provider?.destroy();
    await stack?.stop();
  });

  /** The state root after `height`: the next block's, waited for when `height` is the head. */
  async function stateRootAfter(height: bigint): Promise<string> {
    await waitFor(async () => BigInt(await provider.send('eth_blockNumber', [])) > height, {
      timeoutMs: 20_000,
      what: `block ${height + 1n}`,
    });
    const next = (await provider.send('eth_getBlockByNumber', [toQuantity(height + 1n), false])) as {
      stateRoot: string;
    };
    return next.stateRoot;
  }

  /** Checks the whole answer against the state root after `height`: the account, then each slot. */
  async function verify(proof: AccountProof, height: bigint): Promise<void> {
    const account = await proven(await stateRootAfter(height), proof.address, proof.accountProof);
    if (account === null) throw new Error(`no account ${proof.address} in the proof`);
    const { nonce, balance, storageRoot, codeHash } = createAccountFromRLP(account);
    expect([toQuantity(nonce), toQuantity(balance)]).toEqual([proof.nonce, proof.balance]);
    expect([hexlify(storageRoot), hexlify(codeHash)]).toEqual([proof.storageHash, proof.codeHash]);
    for (const { key, value, proof: nodes } of proof.storageProof) {
      const leaf = await proven(proof.storageHash, toBeHex(key, 32), nodes);
      expect(leaf === null ? '0x0' : toQuantity(decodeRlp(leaf) as string)).toBe(value);
    }
  }

  it("default: the token's slots at its transfer block verify against the next block's stateRoot", async () => {
    const at = toQuantity(chain.transferHeight);
    const keys = [TOTAL_SUPPLY_SLOT, balanceSlot(A5), '0x99'];
    const proof = (await provider.send('eth_getProof', [chain.token, keys, at])) as AccountProof;
    expect(proof.address).toBe(chain.token);
    expect(proof.storageProof.map(({ key, value }) => [key, value])).toEqual([
      ['0x2', toQuantity(INITIAL_SUPPLY)],
      [balanceSlot(A5), toQuantity(TOKENS_TO_5)],
      ['0x99', '0x0'],
    ]);
    expect(proof.codeHash).toBe(keccak256(await provider.send('eth_getCode', [chain.token, at])));
    await verify(proof, chain.transferHeight);
    // Block N's own stateRoot is the state before its txs (CometBFT's app_hash lags one block): no match.
    const own = (await provider.send('eth_getBlockByNumber', [at, false])) as { stateRoot: string };
    await expect(proven(own.stateRoot, chain.token, proof.accountProof)).rejects.toThrow();
  });

  it('args: latest, an account without storage, and the block before the transfer', async () => {
    const head = BigInt(await provider.send('eth_blockNumber', []));
    const latest = (await provider.send('eth_getProof', [A4, ['0x0'], toQuantity(head)])) as AccountProof;
    expect(latest.nonce).toBe('0x2');
    expect(latest.storageHash).toBe(EMPTY_TRIE_ROOT);
    // No storage: the slot's proof is the account's, which shows the empty storage root.
    expect(latest.storageProof[0]).toEqual({ key: '0x0', value: '0x0', proof: latest.accountProof });
    await verify({ ...latest, storageProof: [] }, head);

    const before = chain.transferHeight - 1n;
    const old = (await provider.send('eth_getProof', [
      chain.token,
      [balanceSlot(A5)],
      toQuantity(before),
    ])) as AccountProof;
    expect(old.storageProof[0]?.value).toBe('0x0');
    await verify(old, before);
  });

  it('error: bad input, unknown blocks, low heights and too many keys are JSON-RPC errors', async () => {
    const error = async (params: unknown[]) => {
      const response = await fetch(stack.httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getProof', params }),
      });
      return ((await response.json()) as { error?: { code: number; message: string } }).error;
    };
    expect(await error([A4, '0x0'])).toEqual({
      code: -32602,
      message: 'invalid argument 1: json: cannot unmarshal string into Go value of type []string',
    });
    expect(await error([A4, ['0xzz'], 'latest'])).toEqual({
      code: -32602,
      message: 'invalid argument 1: [0]: hex string invalid',
    });
    expect(await error([A4, [], '0xfffffff'])).toEqual({ code: -32000, message: 'header not found' });
    expect(await error([A4, [], '0x2'])).toEqual({
      code: -32000,
      message: 'proof queries at height <= 2 are not supported',
    });
    const tooMany = Array.from({ length: 1_025 }, (_, i) => toQuantity(i));
    expect(await error([A4, tooMany, 'latest'])).toEqual({
      code: -38026,
      message: 'too many storage keys (max 1024)',
    });
  });
});
