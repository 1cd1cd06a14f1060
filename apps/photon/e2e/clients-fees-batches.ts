// The three clients on one fee history (ethers through provider.send, it has no API of its own; viem
// getFeeHistory; web3.js getFeeHistory) and batching: viem's http transport with batch: true and
// web3.js's BatchRequest each send one JSON-RPC batch and get what the calls alone answer (ethers' batching
// is batch.e2e-spec.ts's).
import { devWallet, rpc } from '@photon/testing';
import { JsonRpcProvider } from 'ethers';
import { Web3 } from 'web3';
import { loadViem, photonChain } from './clients-viem';
import { type WritesTarget } from './clients-writes-common';

export function describeFeesAndBatches(target: () => WritesTarget): void {
  describe('every client', () => {
    it('behavior: the three read one fee history alike', async () => {
      const url = target().httpUrl;
      const viem = await loadViem();
      const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true });
      const web3 = new Web3(url);
      try {
        // The newest block with a transaction (the suite's writes just made some), so that the history
        // holds a used block, not only empty ones.
        let newest = BigInt((await rpc<string>(url, 'eth_blockNumber')).result!);
        const txCount = async (height: bigint) =>
          (
            await rpc<{ transactions: string[] }>(url, 'eth_getBlockByNumber', [
              `0x${height.toString(16)}`,
              false,
            ])
          ).result!.transactions.length;
        while ((await txCount(newest)) === 0) newest -= 1n;
        const client = viem.createPublicClient({ chain: photonChain(viem, url), transport: viem.http(url) });
        const [fromEthers, fromViem, fromWeb3] = await Promise.all([
          provider.send('eth_feeHistory', ['0x4', `0x${newest.toString(16)}`, [25, 75]]) as Promise<{
            oldestBlock: string;
            baseFeePerGas: string[];
            gasUsedRatio: number[];
            reward: string[][];
          }>,
          client.getFeeHistory({ blockCount: 4, blockNumber: newest, rewardPercentiles: [25, 75] }),
          web3.eth.getFeeHistory(4, newest, [25, 75]),
        ]);
        const plain = {
          oldestBlock: BigInt(fromEthers.oldestBlock),
          baseFeePerGas: fromEthers.baseFeePerGas.map(BigInt),
          gasUsedRatio: fromEthers.gasUsedRatio,
          reward: fromEthers.reward.map((r) => r.map(BigInt)),
        };
        expect(plain.oldestBlock).toBe(newest - 3n);
        // One base fee past the newest block: the next block's.
        expect(plain.baseFeePerGas).toHaveLength(5);
        expect(plain.reward).toHaveLength(4);
        expect(plain.gasUsedRatio[3]).toBeGreaterThan(0);
        expect({
          oldestBlock: fromViem.oldestBlock,
          baseFeePerGas: fromViem.baseFeePerGas,
          gasUsedRatio: fromViem.gasUsedRatio,
          reward: fromViem.reward,
        }).toEqual(plain);
        expect({
          oldestBlock: BigInt(fromWeb3.oldestBlock),
          baseFeePerGas: fromWeb3.baseFeePerGas.map(BigInt),
          gasUsedRatio: (fromWeb3.gasUsedRatio as unknown as number[]).map(Number),
          reward: fromWeb3.reward.map((r) => r.map(BigInt)),
        }).toEqual(plain);
        // And the fee data each derives from it and from the latest block.
        expect((await provider.getFeeData()).maxFeePerGas).toBeGreaterThan(0n);
        expect((await client.estimateFeesPerGas()).maxFeePerGas).toBeGreaterThan(0n);
      } finally {
        provider.destroy();
      }
    });

    it('behavior: viem (batch: true) and web3.js BatchRequest send one batch, answered as alone', async () => {
      const url = target().httpUrl;
      const viem = await loadViem();
      const bodies: unknown[] = [];
      const batched = viem.createPublicClient({
        chain: photonChain(viem, url),
        transport: viem.http(url, {
          batch: true,
          onFetchRequest: async (request) => {
            bodies.push(JSON.parse(await request.clone().text()));
          },
        }),
      });
      const addresses = [1, 2, 3, 4, 5].map((i) => devWallet(i).address as `0x${string}`);
      const height = BigInt((await rpc<string>(url, 'eth_blockNumber')).result!);
      const balances = await Promise.all(
        addresses.map((address) => batched.getBalance({ address, blockNumber: height })),
      );
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toHaveLength(addresses.length);
      const alone = await Promise.all(
        addresses.map(async (address) =>
          BigInt((await rpc<string>(url, 'eth_getBalance', [address, `0x${height.toString(16)}`])).result!),
        ),
      );
      expect(balances).toEqual(alone);

      const web3 = new Web3(url);
      const batch = new web3.BatchRequest();
      for (const [i, address] of addresses.entries())
        void batch.add({
          jsonrpc: '2.0',
          id: i + 1,
          method: 'eth_getBalance',
          params: [address, `0x${height.toString(16)}`],
        });
      void batch.add({ jsonrpc: '2.0', id: 99, method: 'eth_chainId', params: [] });
      const replies = await batch.execute();
      expect(replies.map((r) => ('result' in r ? BigInt(String(r.result)) : r.error))).toEqual([
        ...alone,
        9000n,
      ]);
    });
  });
}
