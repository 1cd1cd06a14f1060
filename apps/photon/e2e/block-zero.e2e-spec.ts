// Block 0 through the gateway with viem and ethers: a CometBFT chain has no block 0, and Ethermint's
// rpc/types.BlockNumber reads "0x0" as it reads "earliest" (the first block, whose state is the genesis
// state), so every method answers block 0 as it answers `earliest`, not `header not found` or null.
import { type PhotonStack, devWallet, startPhotonStack } from '@photon/testing';
import { JsonRpcProvider } from 'ethers';
import { loadViem, photonPublicClient } from './clients-viem';
import { ChainWriter } from './query-chain';
import { call } from './query-rpc';

jest.setTimeout(120_000);

const A1 = devWallet(1).address as `0x${string}`;
const A9 = devWallet(9).address;

describe('block 0 answered as earliest', () => {
  let stack: PhotonStack;

  beforeAll(async () => {
    stack = await startPhotonStack('in-process', { readyTimeoutMs: 60_000 });
    // A few blocks, the first of them moving dev account 1's balance, so that block 0 ≠ latest.
    const writer = new ChainWriter(stack.devnetUrl);
    await writer.sendTogether([await writer.sign(1, { to: A9, value: 10n ** 18n, gasLimit: 21_000n })]);
    await writer.sendTogether([await writer.sign(1, { to: A9, value: 1n, gasLimit: 21_000n })]);
  });
  afterAll(() => stack?.stop());

  it('default: eth_getBalance at block 0 is the balance at earliest (viem, ethers)', async () => {
    const viem = await loadViem();
    const client = photonPublicClient(viem, stack.httpUrl);
    const earliest = await client.getBalance({ address: A1, blockTag: 'earliest' });
    expect(await client.getBalance({ address: A1, blockNumber: 0n })).toBe(earliest);
    expect(earliest).toBeGreaterThan(await client.getBalance({ address: A1 }));
    const provider = new JsonRpcProvider(stack.httpUrl, 9000, { staticNetwork: true });
    try {
      expect(await provider.getBalance(A1, 0)).toBe(earliest);
      expect(await provider.getTransactionCount(A1, 0)).toBe(0);
    } finally {
      provider.destroy();
    }
  });

  it('default: eth_feeHistory ending at block 0 is one block and the next base fee, as at earliest', async () => {
    const atZero = await call<{ baseFeePerGas: string[] }>(stack.httpUrl, 'eth_feeHistory', [
      4,
      '0x0',
      [100],
    ]);
    expect(atZero).toEqual(await call(stack.httpUrl, 'eth_feeHistory', [4, 'earliest', [100]]));
    expect(atZero.baseFeePerGas).toHaveLength(2);
  });

  it('default: block 0 reads (count, block, tx by index) are those of earliest', async () => {
    for (const [method, rest] of [
      ['eth_getBlockTransactionCountByNumber', []],
      ['eth_getBlockByNumber', [false]],
      ['eth_getUncleCountByBlockNumber', []],
      ['eth_getTransactionByBlockNumberAndIndex', ['0x0']],
    ] as const) {
      const atZero = await call(stack.httpUrl, method, ['0x0', ...rest]);
      expect(atZero).toEqual(await call(stack.httpUrl, method, ['earliest', ...rest]));
      if (method === 'eth_getBlockTransactionCountByNumber') expect(atZero).toMatch(/^0x[0-9a-f]+$/);
    }
    const viem = await loadViem();
    const block = await photonPublicClient(viem, stack.httpUrl).getBlock({ blockNumber: 0n });
    expect(block.number).toBe(1n);
  });
});
