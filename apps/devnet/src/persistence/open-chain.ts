// Where a devnet's chain comes from: new in memory, new in an empty data dir, or reopened from a
// data dir — blocks back into the store and trie nodes back into the EVM state, nothing re-executed.
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ChainStore } from '../chain/chain-store';
import { cometTimeFromUnixNanos, formatRfc3339Nano } from '../comet';
import { EvmChain, devGenesis } from '../evm';
import { ValidatorKey } from '../node/validator-key';
import { BlockJournal, type ChainGenesis, type OpenedDataDir } from './block-journal';
import { DataDirError } from './data-dir-error';

/** The devnet's part of --data-dir. */
export const DEVNET_SUBDIR = 'devnet';

export interface OpenChainOptions {
  readonly chainId: string;
  readonly eip155ChainId: bigint;
  readonly allowUnprotectedTxs: boolean;
  /** Without it the chain lives in memory only. */
  readonly dataDir?: string | undefined;
  /**
   * A fixed genesis time (Unix ms) for a reproducible chain: the genesis carries it instead of the
   * wall clock, and the validator key and node id derive from the chain id instead of chance.
   */
  readonly genesisTimeMs?: number | undefined;
}

export interface OpenedChain {
  readonly genesis: ChainGenesis;
  readonly evm: EvmChain;
  readonly store: ChainStore;
  readonly validator: ValidatorKey;
  /** With a data dir: where each new block goes. */
  readonly journal?: BlockJournal;
  /** The last block found in the data dir (0 for a new chain). */
  readonly restoredHeight: bigint;
  /** Bytes of a block torn by a crash that reopening cut off. */
  readonly discardedBytes: number;
}

function createEvm(options: OpenChainOptions, genesis: ChainGenesis['evmGenesis']): Promise<EvmChain> {
  return EvmChain.create({
    chainId: options.eip155ChainId,
    genesis,
    allowUnprotectedTxs: options.allowUnprotectedTxs,
  });
}

/** Bytes named by `label` for this chain id: the same on every run, different for every chain. */
function derivedBytes(chainId: string, label: string, length: number): Buffer {
  return createHash('sha256').update(`photon devnet ${label} ${chainId}`).digest().subarray(0, length);
}

async function newChain(options: OpenChainOptions): Promise<OpenedChain> {
  const fixed = options.genesisTimeMs;
  const genesisMs = fixed ?? Date.now();
  const evmGenesis = devGenesis(Math.floor(genesisMs / 1000));
  const evm = await createEvm(options, evmGenesis);
  const genesis: ChainGenesis = {
    chainId: options.chainId,
    genesisTime: formatRfc3339Nano(cometTimeFromUnixNanos(BigInt(genesisMs) * 1_000_000n)),
    evmGenesis,
    stateRoot: evm.block(0).stateRoot,
    // A devnet's validator key guards nothing (its dev accounts are public): deriving it is what
    // lets a reproducible chain sign the same commits, hence the same block hashes.
    validatorSeed: new Uint8Array(
      fixed === undefined ? randomBytes(32) : derivedBytes(options.chainId, 'validator', 32),
    ),
    nodeId: (fixed === undefined ? randomBytes(20) : derivedBytes(options.chainId, 'node', 20)).toString(
      'hex',
    ),
  };
  const validator = ValidatorKey.fromSeed(genesis.validatorSeed);
  return { genesis, evm, store: new ChainStore(), validator, restoredHeight: 0n, discardedBytes: 0 };
}

async function reopen(
  options: OpenChainOptions,
  dir: string,
  genesis: ChainGenesis,
  opened: OpenedDataDir,
): Promise<OpenedChain> {
  const evm = await createEvm(options, genesis.evmGenesis);
  if (!Buffer.from(evm.block(0).stateRoot).equals(genesis.stateRoot)) {
    throw new DataDirError(
      `data dir ${dir}: its genesis state rebuilds to another root (another Photon made it)`,
    );
  }
  await evm.restore(
    opened.blocks.map(({ committed, stateWrites }) => ({
      executed: committed.executed,
      hash: committed.id.hash,
      stateWrites,
    })),
  );
  const store = new ChainStore();
  for (const { committed } of opened.blocks) store.add(committed);
  return {
    genesis,
    evm,
    store,
    validator: ValidatorKey.fromSeed(genesis.validatorSeed),
    journal: opened.journal,
    restoredHeight: store.latestHeight,
    discardedBytes: opened.discardedBytes,
  };
}

export async function openChain(options: OpenChainOptions): Promise<OpenedChain> {
  if (options.dataDir === undefined) return newChain(options);
  // A subdirectory: --data-dir is shared with what else Photon keeps (the keystore).
  const dir = join(options.dataDir, DEVNET_SUBDIR);
  const opened = await BlockJournal.open(dir, options.chainId);
  try {
    if (opened.genesis !== undefined) return await reopen(options, dir, opened.genesis, opened);
    const chain = await newChain(options);
    await opened.journal.writeGenesis(chain.genesis);
    return { ...chain, journal: opened.journal, discardedBytes: opened.discardedBytes };
  } catch (error) {
    await opened.journal.close();
    throw error;
  }
}
