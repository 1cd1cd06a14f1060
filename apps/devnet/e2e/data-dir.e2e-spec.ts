// A devnet stopped and started again on the same --data-dir, seen by a real CometBFT client: the
// same blocks and hashes, old txs found, balances and old-height queries answered, and it goes on.
import { type Comet38Client, connectComet } from '@cosmjs/tendermint-rpc';
import {
  QueryBalanceRequest,
  QueryBalanceResponse,
  unwrapEthereumTx,
  wrapEthereumTx,
} from '@photon/ethermint-wire';
import { Wallet, getBytes } from 'ethers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Devnet } from '../src/devnet';
import { startLoopbackDevnet } from './loopback-devnet';
import { DEV_MNEMONIC } from '../src/evm';
import { DataDirError } from '../src/persistence';

jest.setTimeout(60_000);

const RECIPIENT = '0x000000000000000000000000000000000000cafe';
const wallet = Wallet.fromPhrase(DEV_MNEMONIC);

/** A signed transfer wrapped in a Cosmos tx, with its Ethereum hash. */
async function transfer(nonce: number, value: bigint) {
  const signed = await wallet.signTransaction({
    to: RECIPIENT,
    value,
    gasLimit: 21_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1n,
    nonce,
    chainId: 9000n,
    type: 2,
  });
  const tx = wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' });
  return { tx, ethHash: unwrapEthereumTx(tx)[0]!.hash };
}

describe('devnet with --data-dir', () => {
  let dir: string;
  const running: { devnet?: Devnet; client?: Comet38Client } = {};

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photon-devnet-'));
  });
  afterEach(async () => {
    await stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function stop() {
    running.client?.disconnect();
    await running.devnet?.stop();
    running.client = undefined;
    running.devnet = undefined;
  }

  /** Blocks only when the test asks (produceNext), so heights are known. */
  async function start(chainId = 'photon_9000-1') {
    const devnet = await startLoopbackDevnet({ chainId, blockTimeMs: 3_600_000, dataDir: dir });
    running.devnet = devnet;
    running.client = (await connectComet(devnet.rpcUrl)) as Comet38Client;
    return { devnet, client: running.client };
  }

  const balanceAt = async (client: Comet38Client, height: number) => {
    const response = await client.abciQuery({
      path: '/ethermint.evm.v1.Query/Balance',
      data: QueryBalanceRequest.encode({ address: RECIPIENT }),
      height,
    });
    expect(response.code).toBe(0);
    return QueryBalanceResponse.decode(response.value).balance;
  };

  it('default: a restart keeps blocks, hashes, txs, balances and old heights, and goes on', async () => {
    const first = await start();
    expect(first.devnet.dataDir).toEqual({ path: dir, restoredHeight: 0n, discardedBytes: 0 });
    const sent = await transfer(0, 5n);
    expect((await first.client.broadcastTxSync({ tx: sent.tx })).code).toBe(0);
    await first.devnet.produceNext();
    await first.devnet.produceNext();
    const height = (await first.client.status()).syncInfo.latestBlockHeight;
    expect(height).toBe(3);
    const hashes = (await first.client.blockchain(1, height)).blockMetas.map((m) => m.blockId.hash);
    const found = await first.client.tx({
      hash: (await first.client.txSearch({ query: `tx.height=2` })).txs[0]!.hash,
    });
    const status = await first.client.status();
    const genesis = await first.client.genesis();
    await stop();

    const second = await start();
    expect(second.devnet.dataDir).toEqual({ path: dir, restoredHeight: 3n, discardedBytes: 0 });
    // Starting makes block 4 at once, on top of the kept chain.
    const after = await second.client.blockchain(1, 4);
    expect(after.blockMetas.map((m) => m.blockId.hash).slice(1)).toEqual(hashes);
    expect(after.blockMetas[0]!.header.lastBlockId?.hash).toEqual(hashes[0]);
    const again = await second.client.tx({ hash: found.hash });
    expect({ height: again.height, index: again.index, result: again.result }).toEqual({
      height: found.height,
      index: found.index,
      result: found.result,
    });
    const byEthHash = await second.client.txSearch({ query: `ethereum_tx.ethereumTxHash='${sent.ethHash}'` });
    expect(byEthHash.txs.map((t) => t.height)).toEqual([2]);
    expect(await balanceAt(second.client, 1)).toBe('0');
    expect(await balanceAt(second.client, 2)).toBe('5');
    expect(await balanceAt(second.client, 4)).toBe('5');
    const restarted = await second.client.status();
    expect(restarted.nodeInfo.id).toEqual(status.nodeInfo.id);
    expect(restarted.validatorInfo.address).toEqual(status.validatorInfo.address);
    expect((await second.client.genesis()).genesisTime).toEqual(genesis.genesisTime);

    // The sender's next nonce is the one after the kept transfer.
    const next = await transfer(1, 6n);
    expect((await second.client.broadcastTxSync({ tx: next.tx })).code).toBe(0);
    await second.devnet.produceNext();
    expect(await balanceAt(second.client, 5)).toBe('11');
  });

  it('error: a data dir made for another chain id', async () => {
    await start();
    await stop();
    await expect(start('other_9000-1')).rejects.toThrow(
      new DataDirError(
        `data dir ${join(dir, 'devnet')} holds chain photon_9000-1, not other_9000-1; use another --data-dir`,
      ),
    );
  });
});
