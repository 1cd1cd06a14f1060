// A Cosmos tx carrying three MsgEthereumTx (as relayers and Cronos send them), broadcast to the devnet and read
// back through `photon start` with ethers and viem: one Cosmos tx in the block, and three receipts, each with
// its own logs, log indexes running on across the messages, and its own gas used.
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { type PhotonStack, devWallet, startPhotonStack } from '@photon/testing';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { JsonRpcProvider, Transaction, getBytes } from 'ethers';
import { loadViem, photonPublicClient } from './clients-viem';
import { ChainWriter, TRANSFER_TOPIC, type TokenChain, putTokenChain, tokenCall } from './query-chain';

jest.setTimeout(120_000);

const TOKENS_TO_5 = 1_000n;
const RECIPIENTS = [7, 8, 9].map((i) => devWallet(i).address.toLowerCase());

/** One Cosmos tx with the messages, fees and gas of each signed tx in turn (Ethermint's maintained layout). */
function batchCosmosTx(signed: readonly string[]): Uint8Array {
  const singles = signed.map((raw) =>
    TxRaw.decode(wrapEthereumTx(getBytes(raw), { layout: 'maintained', denom: 'aphoton' })),
  );
  const bodies = singles.map((single) => TxBody.decode(single.bodyBytes));
  const auths = singles.map((single) => AuthInfo.decode(single.authInfoBytes));
  const fee = auths.reduce((sum, auth) => sum + BigInt(auth.fee?.amount[0]?.amount ?? '0'), 0n);
  const gasLimit = auths.reduce((sum, auth) => sum + (auth.fee?.gasLimit ?? 0n), 0n);
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({
      messages: bodies.flatMap((body) => body.messages),
      extensionOptions: bodies[0]?.extensionOptions ?? [],
    }),
  ).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({ fee: { amount: [{ denom: 'aphoton', amount: fee.toString() }], gasLimit } }),
  ).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [] })).finish();
}

async function broadcast(devnetUrl: string, tx: Uint8Array): Promise<{ code: number; log: string }> {
  const response = await fetch(devnetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'broadcast_tx_sync',
      params: { tx: Buffer.from(tx).toString('base64') },
    }),
  });
  const reply = (await response.json()) as { result: { code: number; log: string } };
  return reply.result;
}

describe('a Cosmos tx carrying three Ethereum txs', () => {
  let stack: PhotonStack;
  let chain: TokenChain;
  let writer: ChainWriter;

  beforeAll(async () => {
    stack = await startPhotonStack('in-process', { readyTimeoutMs: 60_000 });
    writer = new ChainWriter(stack.devnetUrl);
    chain = await putTokenChain(writer, { name: 'Batch Token', symbol: 'BAT', toAccount5: TOKENS_TO_5 });
  });
  afterAll(() => stack?.stop());

  it('default: each message has its own receipt, logs, log indexes and gas', async () => {
    // Dev account 4 deployed the token (nonce 0) and moved tokens to account 5 (nonce 1).
    const signed = await Promise.all(
      RECIPIENTS.map((to, i) => writer.sign(4, tokenCall(chain.token, 'transfer', [to, BigInt(i + 1)]))),
    );
    expect(await broadcast(stack.devnetUrl, batchCosmosTx(signed))).toMatchObject({ code: 0 });
    const hashes = signed.map((raw) => Transaction.from(raw).hash ?? '');

    const provider = new JsonRpcProvider(stack.httpUrl, 9000, { staticNetwork: true });
    try {
      const receipts = await Promise.all(hashes.map((hash) => provider.waitForTransaction(hash, 1, 30_000)));
      const [first] = receipts;
      expect(new Set(receipts.map((receipt) => receipt?.blockNumber)).size).toBe(1);
      receipts.forEach((receipt, i) => {
        expect(receipt?.status).toBe(1);
        expect(receipt?.logs).toHaveLength(1);
        const log = receipt!.logs[0]!;
        expect(log.topics[0]).toBe(TRANSFER_TOPIC);
        expect(`0x${log.topics[2]!.slice(26)}`).toBe(RECIPIENTS[i]);
        expect(BigInt(log.data)).toBe(BigInt(i + 1));
        expect(log.index).toBe(first!.logs[0]!.index + i);
        expect(receipt?.index).toBe(first!.index + i);
        // A token transfer costs tens of thousands of gas, far below the 100,000 each message was given.
        expect(receipt!.gasUsed).toBeLessThan(100_000n);
        expect(receipt!.gasUsed).toBeGreaterThan(21_000n);
      });
      expect(receipts[2]!.cumulativeGasUsed - receipts[0]!.cumulativeGasUsed).toBe(
        receipts[1]!.gasUsed + receipts[2]!.gasUsed,
      );

      // viem reads the block's logs the same way.
      const viem = await loadViem();
      const client = photonPublicClient(viem, stack.httpUrl);
      const logs = await client.getLogs({ blockHash: first!.blockHash as `0x${string}` });
      expect(logs.map((log) => [log.transactionHash, log.logIndex])).toEqual(
        hashes.map((hash, i) => [hash, first!.logs[0]!.index + i]),
      );
    } finally {
      provider.destroy();
    }

    // The devnet's block carries the Cosmos tx once, with one result holding the three messages' gas.
    const height = await writer.devnet.waitForInclusion(hashes[0]!);
    const get = async <T>(path: string): Promise<T> =>
      ((await (await fetch(`${stack.devnetUrl}/${path}?height=${height}`)).json()) as { result: T }).result;
    const { block } = await get<{ block: { data: { txs: string[] } } }>('block');
    expect(block.data.txs).toHaveLength(1);
    const { txs_results } = await get<{ txs_results: { gas_used: string; events: { type: string }[] }[] }>(
      'block_results',
    );
    expect(txs_results).toHaveLength(1);
    expect(txs_results[0]!.events.filter((event) => event.type === 'ethereum_tx')).toHaveLength(3);
  });
});
