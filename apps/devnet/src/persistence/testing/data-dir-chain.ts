// For the persistence specs: a chain opened from a data dir with a producer writing to it, and a
// way to submit signed Ethereum txs as the RPC does (CheckTx, then the Cosmos bytes to the producer).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { BlockProducer } from '../../chain/block-producer';
import { devAccounts } from '../../evm';
import { type OpenedChain, openChain } from '../open-chain';

export const CHAIN_ID = 'photon_9000-1';

export interface DataDirChain extends OpenedChain {
  readonly producer: BlockProducer;
  /** CheckTx, then hands the Cosmos bytes to the producer; returns the Cosmos tx. */
  submit(raw: Uint8Array): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function tmpDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'photon-data-dir-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function openDataDirChain(dir: string, chainId = CHAIN_ID): Promise<DataDirChain> {
  const chain = await openChain({ chainId, eip155ChainId: 9000n, allowUnprotectedTxs: false, dataDir: dir });
  let clock = 1_700_000_000_000_000_000n + chain.restoredHeight * 1_000_000_000n;
  const producer = new BlockProducer({
    chainId,
    evm: chain.evm,
    store: chain.store,
    validator: chain.validator,
    coinbase: devAccounts()[0]!.address,
    genesisAppHash: chain.genesis.stateRoot,
    now: () => (clock += 1_000_000_000n),
    ...(chain.journal === undefined ? {} : { sink: chain.journal }),
  });
  return {
    ...chain,
    producer,
    async submit(raw) {
      const check = await chain.evm.checkTx(raw);
      if (!check.ok) throw new Error(`CheckTx refused the tx: ${check.log}`);
      const cometTx = wrapEthereumTx(raw, { layout: 'maintained', denom: 'aphoton' });
      producer.admitted(check.hash, cometTx);
      return cometTx;
    },
    close: () => chain.journal?.close() ?? Promise.resolve(),
  };
}
