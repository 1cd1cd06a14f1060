// Answers the gateway gives at the edge (issue 12, item 3) in both topologies: the block number is the head
// the bus announced, yet never behind a receipt the tier just gave (the query service announces the newer
// head before its answer leaves), and neither is a balance or an eth_call at latest the gateway keeps per head; over NATS, the chain id, net_version and the head still answer with every
// query replica gone, while a state read fails with a JSON-RPC error.
import {
  type ClusterStack,
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { JsonRpcProvider } from 'ethers';
import { deployToken, transferToken } from './deploy-token';

jest.setTimeout(90_000);

const CHAIN_ID = 9000n;
const RECIPIENT = '0x000000000000000000000000000000000000beef';
const TRANSFERS = 8;

describe.each<PhotonStackKind>(['in-process', 'cluster'])('edge answers, %s', (kind) => {
  let stack: PhotonStack;

  beforeAll(async () => {
    stack = await startPhotonStack(kind, { extraArgs: ['--log-level', 'warn'] });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('default: eth_blockNumber and state at latest are never behind the block of a receipt just given', async () => {
    const wallet = devWallet(4);
    const gasPrice = BigInt((await rpc<string>(stack.httpUrl, 'eth_gasPrice')).result!);
    const balance = async () =>
      BigInt((await rpc<string>(stack.httpUrl, 'eth_getBalance', [RECIPIENT, 'latest'])).result!);
    const initial = await balance();
    for (let nonce = 0; nonce < TRANSFERS; nonce++) {
      const raw = await wallet.signTransaction({
        type: 0,
        chainId: CHAIN_ID,
        nonce,
        gasLimit: 21_000n,
        gasPrice,
        to: RECIPIENT,
        value: 1n,
      });
      const hash = (await rpc<string>(stack.httpUrl, 'eth_sendRawTransaction', [raw])).result!;
      // Read as the transfer lands (before or after it): the gateway keeps this answer until the next head.
      expect([initial + BigInt(nonce), initial + BigInt(nonce) + 1n]).toContain(await balance());
      // Polled as fast as the tier answers, so the receipt is read the moment the engine has it.
      let blockNumber: string | undefined;
      await waitFor(
        async () => {
          const receipt = await rpc<{ blockNumber: string } | null>(
            stack.httpUrl,
            'eth_getTransactionReceipt',
            [hash],
          );
          blockNumber = receipt.result?.blockNumber;
          return blockNumber !== undefined;
        },
        { what: `the receipt of transfer ${nonce}`, intervalMs: 1 },
      );
      const head = (await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!;
      expect(BigInt(head)).toBeGreaterThanOrEqual(BigInt(blockNumber!));
      expect(await balance()).toBe(initial + BigInt(nonce) + 1n);
    }
  });

  it('behavior: an eth_call kept per head is never served after the next head; one pinned to a block keeps its answer', async () => {
    const provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    try {
      const token = await deployToken(provider, 5);
      const call = {
        to: (await token.getAddress()).toLowerCase(),
        data: token.interface.encodeFunctionData('balanceOf', [RECIPIENT]),
      };
      const balanceAt = async (block?: string) =>
        BigInt(
          (await rpc<string>(stack.httpUrl, 'eth_call', block === undefined ? [call] : [call, block]))
            .result!,
        );
      const startBlock = (await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!;
      const before = await balanceAt('latest');
      for (let amount = 1n; amount <= 3n; amount++) {
        // Repeated before the transfer: the same answer (from the edge once the first one came back).
        expect([await balanceAt(), await balanceAt('latest')]).toEqual([
          before + ((amount - 1n) * amount) / 2n,
          before + ((amount - 1n) * amount) / 2n,
        ]);
        const hash = await transferToken(token, RECIPIENT, amount, false);
        const receipt = await provider.waitForTransaction(hash);
        // The receipt's block is the head or behind it: the call at latest sees the transfer at once.
        expect(BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!)).toBeGreaterThanOrEqual(
          BigInt(receipt!.blockNumber),
        );
        expect(await balanceAt('latest')).toBe(before + (amount * (amount + 1n)) / 2n);
        expect(await balanceAt(startBlock)).toBe(before);
      }
    } finally {
      provider.destroy();
    }
  });

  it('behavior: the chain id and net_version are the service’s, asked with and without params', async () => {
    expect((await rpc<string>(stack.httpUrl, 'eth_chainId')).result).toBe('0x2328');
    expect((await rpc<string>(stack.httpUrl, 'eth_chainId', [])).result).toBe('0x2328');
    expect((await rpc<string>(stack.httpUrl, 'net_version')).result).toBe('9000');
    expect((await rpc(stack.httpUrl, 'eth_chainId', ['extra'])).error?.code).toBe(-32602);
    expect((await rpc(stack.httpUrl, 'eth_blockNumber', ['latest'])).error?.code).toBe(-32602);
  });

  if (kind === 'cluster') {
    it('behavior: with every query replica gone, the edge still answers and a state read fails cleanly', async () => {
      const cluster = stack as ClusterStack;
      await Promise.all(cluster.processes.query.map((proc) => proc.stop()));
      // The events leader keeps announcing heads, so the block number moves without a query service.
      const first = BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!);
      await waitFor(
        async () => BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!) > first,
        { what: 'the head to move with no query service' },
      );
      expect((await rpc<string>(stack.httpUrl, 'eth_chainId')).result).toBe('0x2328');
      expect((await rpc<string>(stack.httpUrl, 'net_version')).result).toBe('9000');
      const balance = await rpc(stack.httpUrl, 'eth_getBalance', [RECIPIENT, 'latest']);
      expect(balance.result).toBeUndefined();
      expect(balance.error?.code).toEqual(expect.any(Number));
    });
  }
});
