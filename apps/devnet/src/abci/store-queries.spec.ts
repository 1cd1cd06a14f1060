import { MerklePatriciaTrie, verifyMPTWithMerkleProof } from '@ethereumjs/mpt';
import { createAccountFromRLP, KECCAK256_RLP, setLengthLeft } from '@ethereumjs/util';
import { decodeRlp } from 'ethers';
import { EvmChain, type Hex } from '../evm';
import { Probe, probeCall, PROBE_INIT_CODE } from '../evm/testing/probe-contract';
import { devAddress, devWallet, GWEI, signTx } from '../evm/testing/sign';
import { abciQuery } from './abci-query';
import { type AbciQueryResponse } from './query-response';
import { ACCOUNT_TRIE_OP, storeQuery, STORAGE_TRIE_OP } from './store-queries';

const VALIDATOR = new Uint8Array(20).fill(0xab);
const bytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'));
const b64 = (text: string | null): Uint8Array => Uint8Array.from(Buffer.from(text ?? '', 'base64'));
const slotKey = (address: Hex, slot: bigint): Uint8Array =>
  Uint8Array.from([0x02, ...bytes(address), ...setLengthLeft(bytes(slot.toString(16).padStart(2, '0')), 32)]);
const accountKey = (address: Hex): Uint8Array => Uint8Array.from([0x01, ...bytes(address)]);

/** Height 1 deploys the probe; height 2 stores 7 in its slot 0; height 3 stores 9. */
async function devnet(): Promise<{ chain: EvmChain; probe: Hex }> {
  const chain = await EvmChain.create();
  const fees = { gasPrice: 2n * GWEI, gasLimit: 200_000n };
  await chain.checkTx(await signTx(devWallet(1), { nonce: 0, data: PROBE_INIT_CODE, ...fees }));
  const deployed = await chain.produceBlock({ height: 1, timestamp: 1_700_000_001, proposer: VALIDATOR });
  const probe = deployed.txs[0]?.contractAddress as Hex;
  for (const [nonce, value] of [
    [1, 7n],
    [2, 9n],
  ] as const) {
    await chain.checkTx(
      await signTx(devWallet(1), { nonce, to: probe, data: probeCall(Probe.store, value), ...fees }),
    );
    await chain.produceBlock({ height: nonce + 1, timestamp: 1_700_000_001 + nonce, proposer: VALIDATOR });
  }
  return { chain, probe };
}

function ask(
  chain: EvmChain,
  path: string,
  data: Uint8Array,
  height = 0n,
  prove = true,
): Promise<AbciQueryResponse> {
  return abciQuery(chain, { path, data, height, prove }, { validatorAddress: VALIDATOR });
}

/** The nodes of the ops of one type, in order. */
const nodes = (answer: AbciQueryResponse, type: string): Uint8Array[] =>
  (answer.response.proofOps?.ops ?? []).filter((op) => op.type === type).map((op) => b64(op.data));

/** What the proof proves under `root` for `key` (keccak-hashed by the trie), null for an absence. */
const proven = (root: Uint8Array, key: Uint8Array, proof: Uint8Array[]): Promise<Uint8Array | null> =>
  verifyMPTWithMerkleProof(new MerklePatriciaTrie({ useKeyHashing: true }), root, key, proof);

describe(storeQuery.name, () => {
  let chain: EvmChain;
  let probe: Hex;
  beforeAll(async () => {
    ({ chain, probe } = await devnet());
  });

  it('default', async () => {
    const key = slotKey(probe, 0n);
    const answer = await ask(chain, 'store/evm/key', key, 2n);
    expect(answer.response).toMatchObject({
      code: 0,
      log: '',
      height: '2',
      key: Buffer.from(key).toString('base64'),
    });
    // Ethermint's x/evm store keeps the slot's 32 bytes.
    expect(b64(answer.response.value)).toEqual(setLengthLeft(Uint8Array.of(7), 32));
    // The account proof in the ops proves the probe's account, and so its storage root, under the state
    // root after height 2 (what the app_hash of header 3 carries).
    const stateRoot = chain.block(2).stateRoot;
    const accountRlp = await proven(stateRoot, bytes(probe), nodes(answer, ACCOUNT_TRIE_OP));
    const { storageRoot } = createAccountFromRLP(accountRlp as Uint8Array);
    const slot = await proven(storageRoot, key.subarray(21), nodes(answer, STORAGE_TRIE_OP));
    expect(decodeRlp(slot as Uint8Array)).toBe('0x07');
    // The storage ops come first: an EIP-1186 storage proof starts with the storage root's node.
    expect(answer.response.proofOps?.ops[0]?.type).toBe(STORAGE_TRIE_OP);
  });

  it('args: a height answers its own state, latest when 0', async () => {
    const key = slotKey(probe, 0n);
    const latest = await ask(chain, 'store/evm/key', key);
    expect(latest.response.height).toBe('3');
    expect(b64(latest.response.value)).toEqual(setLengthLeft(Uint8Array.of(9), 32));
    const accountRlp = await proven(chain.block(3).stateRoot, bytes(probe), nodes(latest, ACCOUNT_TRIE_OP));
    expect(accountRlp).not.toBeNull();
    // Height 2's proof does not hold under height 3's root.
    const old = await ask(chain, 'store/evm/key', key, 2n);
    await expect(
      proven(chain.block(3).stateRoot, bytes(probe), nodes(old, ACCOUNT_TRIE_OP)),
    ).rejects.toThrow();
  });

  it('args: without prove, the value and no proof', async () => {
    const answer = await ask(chain, 'store/evm/key', slotKey(probe, 0n), 0n, false);
    expect(answer.response.proofOps).toBeNull();
    expect(b64(answer.response.value)).toEqual(setLengthLeft(Uint8Array.of(9), 32));
  });

  it('behavior: an unset slot, and an account without storage, are proven absent', async () => {
    const unset = await ask(chain, 'store/evm/key', slotKey(probe, 5n));
    expect(unset.response).toMatchObject({ code: 0, value: null });
    const accountRlp = await proven(chain.block(3).stateRoot, bytes(probe), nodes(unset, ACCOUNT_TRIE_OP));
    const { storageRoot } = createAccountFromRLP(accountRlp as Uint8Array);
    expect(
      await proven(storageRoot, setLengthLeft(Uint8Array.of(5), 32), nodes(unset, STORAGE_TRIE_OP)),
    ).toBeNull();
    // A dev account has no storage: its storage proof is the account proof alone, showing the empty root.
    const eoa = await ask(chain, 'store/evm/key', slotKey(devAddress(0), 0n));
    expect(nodes(eoa, STORAGE_TRIE_OP)).toEqual([]);
    const eoaRlp = await proven(chain.block(3).stateRoot, bytes(devAddress(0)), nodes(eoa, ACCOUNT_TRIE_OP));
    expect(createAccountFromRLP(eoaRlp as Uint8Array).storageRoot).toEqual(KECCAK256_RLP);
  });

  it('behavior: store/acc/key proves the account as the state trie holds it; an unknown one absent', async () => {
    const answer = await ask(chain, 'store/acc/key', accountKey(devAddress(1)));
    const value = b64(answer.response.value);
    expect(
      await proven(chain.block(3).stateRoot, bytes(devAddress(1)), nodes(answer, ACCOUNT_TRIE_OP)),
    ).toEqual(value);
    expect(createAccountFromRLP(value).nonce).toBe(3n);
    const nobody: Hex = `0x${'42'.repeat(20)}`;
    const absent = await ask(chain, 'store/acc/key', accountKey(nobody));
    expect(absent.response).toMatchObject({ code: 0, value: null });
    expect(await proven(chain.block(3).stateRoot, bytes(nobody), nodes(absent, ACCOUNT_TRIE_OP))).toBeNull();
  });

  it('error: heights, stores, subpaths and keys the devnet does not answer', async () => {
    const key = slotKey(probe, 0n);
    const log = async (path: string, data = key, height = 0n) =>
      (await ask(chain, path, data, height)).response.log;
    expect(await log('store/evm/key', key, 1n)).toBe(
      'cannot query with proof when height <= 1; please provide a valid height: invalid request',
    );
    expect((await ask(chain, 'store/evm/key', key, 4n)).response).toMatchObject({
      code: 26,
      codespace: 'sdk',
    });
    expect(await log('store/bank/key')).toBe('no such store: bank: unknown request');
    expect(await log('store/evm/subspace')).toBe('unexpected query path: /subspace: unknown request');
    expect(await log('store/evm/key', new Uint8Array())).toBe('query cannot be zero length: invalid request');
    expect(await log('store/evm/key', Uint8Array.of(0x01, 1, 2))).toMatch(/storage slots only/);
    expect(await log('store/acc/key', key)).toMatch(/accounts only/);
  });
});
