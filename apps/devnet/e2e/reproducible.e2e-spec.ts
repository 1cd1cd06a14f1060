// A devnet with a fixed genesis time and blocks made on demand is reproducible: two runs given the
// same txs serve byte-for-byte the same chain (hashes, times, validator), which golden files need.
import { type Comet38Client, connectComet } from '@cosmjs/tendermint-rpc';
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { Wallet, getBytes } from 'ethers';
import { startLoopbackDevnet } from './loopback-devnet';
import { DEV_MNEMONIC } from '../src/evm';

jest.setTimeout(60_000);

const GENESIS_MS = Date.UTC(2024, 0, 1);
const STEP_MS = 2_000;
const wallet = Wallet.fromPhrase(DEV_MNEMONIC);

async function transfer(nonce: number): Promise<Uint8Array> {
  const signed = await wallet.signTransaction({
    to: '0x000000000000000000000000000000000000cafe',
    value: 7n,
    gasLimit: 21_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1n,
    nonce,
    chainId: 9000n,
    type: 2,
  });
  return wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' });
}

/** Everything a client sees of a chain of 3 blocks (one tx in block 2) made by a fresh devnet. */
async function runOnce(blockTimeMs: number) {
  // A 1 ms block time would make dozens of blocks while this runs, were blocks not manual.
  const devnet = await startLoopbackDevnet({ blockTimeMs, genesisTimeMs: GENESIS_MS, manualBlocks: true });
  const client = (await connectComet(devnet.rpcUrl)) as Comet38Client;
  try {
    expect((await client.broadcastTxSync({ tx: await transfer(0) })).code).toBe(0);
    await devnet.produceNext();
    await devnet.produceNext();
    const status = await client.status();
    const metas = (await client.blockchain(1, 3)).blockMetas;
    return {
      height: status.syncInfo.latestBlockHeight,
      node: status.nodeInfo.id,
      validator: status.validatorInfo.address,
      genesisTime: (await client.genesis()).genesisTime.toISOString(),
      blocks: metas.map((m) => ({
        hash: Buffer.from(m.blockId.hash).toString('hex'),
        time: m.header.time.toISOString(),
        appHash: Buffer.from(m.header.appHash).toString('hex'),
      })),
    };
  } finally {
    client.disconnect();
    await devnet.stop();
  }
}

describe('reproducible devnet (genesisTimeMs, manualBlocks)', () => {
  it('default: two runs with the same txs serve the same chain, stamped genesis + height × block time', async () => {
    const first = await runOnce(1);
    const second = await runOnce(1);
    expect(second).toEqual(first);
    expect(first.height).toBe(3);
    expect(first.genesisTime).toBe('2024-01-01T00:00:00.000Z');
    // blockchain() lists newest first.
    expect(first.blocks.map((b) => b.time)).toEqual([
      '2024-01-01T00:00:00.003Z',
      '2024-01-01T00:00:00.002Z',
      '2024-01-01T00:00:00.001Z',
    ]);
  });

  it('args: the block time is the step between block times, not a wall-clock interval', async () => {
    const run = await runOnce(STEP_MS);
    expect(run.blocks.map((b) => b.time)).toEqual([
      '2024-01-01T00:00:06.000Z',
      '2024-01-01T00:00:04.000Z',
      '2024-01-01T00:00:02.000Z',
    ]);
  });
});
