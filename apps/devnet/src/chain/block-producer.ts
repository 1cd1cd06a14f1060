// Makes the next block: reaps the EVM mempool, executes, and wraps the outcome in a real
// CometBFT block (linked header, hashes, the validator's signed commit) plus its ABCI results.
// Header H carries the app hash and results hash of block H-1, as CometBFT does. With a data dir, a
// block is written to it before anybody can read it, so a block once served survives a crash.
import {
  BlockIdFlag,
  type CometBlock,
  type CometBlockId,
  type CometCommit,
  type CometConsensusParams,
  type CometTime,
  blockId,
  commitHash,
  consensusHash,
  cometTimeFromUnixNanos,
  dataHash,
  emptyHash,
  lastResultsHash,
  validatorsHash,
} from '../comet';
import type { EvmChain, StateWrites } from '../evm';
import { voteSignBytes } from '../node/canonical-vote';
import type { ValidatorKey } from '../node/validator-key';
import type { ChainStore } from './chain-store';
import { type CommittedBlock, committedBlock } from './committed-block';

/** CometBFT's block protocol version since 0.34. */
const BLOCK_PROTOCOL = 11n;

export const DEVNET_CONSENSUS_PARAMS: CometConsensusParams = {
  block: { maxBytes: 22_020_096n, maxGas: 30_000_000n },
};

const EMPTY_BLOCK_ID: CometBlockId = { hash: new Uint8Array(), parts: { total: 0, hash: new Uint8Array() } };

/** Block 1's last_commit: there is no block 0 to commit. */
export const GENESIS_LAST_COMMIT: CometCommit = {
  height: 0n,
  round: 0,
  blockId: EMPTY_BLOCK_ID,
  signatures: [],
};

/** Where committed blocks are kept beyond memory (the data dir's journal). */
export interface BlockSink {
  /** Resolves once the block and the trie nodes it wrote are durable. */
  appendBlock(committed: CommittedBlock, stateWrites: StateWrites): Promise<void>;
}

export interface ProducerOptions {
  readonly chainId: string;
  readonly evm: EvmChain;
  readonly store: ChainStore;
  readonly validator: ValidatorKey;
  /** The EVM coinbase: the validator's account, as Ethermint pays the proposer's operator. */
  readonly coinbase: `0x${string}`;
  /** The app hash of the genesis state: header 1's app_hash. */
  readonly genesisAppHash: Uint8Array;
  /** Unix time in nanoseconds; injectable so tests control block times. */
  readonly now?: () => bigint;
  /** Given a data dir: every block goes here before the store serves it. */
  readonly sink?: BlockSink;
}

export class BlockProducer {
  /** Cosmos tx bytes by Ethereum hash, as broadcast; the block carries these bytes. */
  private readonly cometTxs = new Map<string, Uint8Array>();

  constructor(private readonly options: ProducerOptions) {}

  /** Remembers the Cosmos bytes of an admitted Ethereum tx (keyed by its Ethereum hash). */
  admitted(ethHash: string, cometTx: Uint8Array, replaced?: string): void {
    if (replaced !== undefined) this.cometTxs.delete(replaced.toLowerCase());
    this.cometTxs.set(ethHash.toLowerCase(), cometTx);
  }

  /** The Cosmos bytes of the pending tx with this Ethereum hash. */
  pendingCometTx(ethHash: string): Uint8Array | undefined {
    return this.cometTxs.get(ethHash.toLowerCase());
  }

  async produce(): Promise<CommittedBlock> {
    const { store, evm, validator, chainId } = this.options;
    const previous = store.at(store.latestHeight);
    const height = store.latestHeight + 1n;
    const time = this.blockTime(previous?.block.header.time);
    const executed = await evm.produceBlock({
      height: Number(height),
      timestamp: Number(time.seconds),
      proposer: this.options.coinbase,
    });
    const stateWrites = evm.takeStateWrites();
    // The messages of one Cosmos tx were admitted together and run one after the other: they share its bytes,
    // which the block carries once.
    const txs: Uint8Array[] = [];
    for (const tx of executed.txs) {
      const bytes = this.takeCometTx(tx.hash, tx.raw);
      if (bytes !== txs[txs.length - 1]) txs.push(bytes);
    }
    for (const dropped of executed.dropped) this.cometTxs.delete(dropped.hash.toLowerCase());

    const validators = [validator.validator];
    const block: CometBlock = {
      header: {
        version: { block: BLOCK_PROTOCOL, app: 0n },
        chainId,
        height,
        time,
        lastBlockId: previous?.id ?? EMPTY_BLOCK_ID,
        lastCommitHash: commitHash(previous?.commit ?? { signatures: [] }),
        dataHash: dataHash(txs),
        validatorsHash: validatorsHash(validators),
        nextValidatorsHash: validatorsHash(validators),
        consensusHash: consensusHash(DEVNET_CONSENSUS_PARAMS),
        appHash: previous?.appHash ?? this.options.genesisAppHash,
        lastResultsHash: lastResultsHash(previous?.txResults ?? []),
        evidenceHash: emptyHash(),
        proposerAddress: validator.address,
      },
      txs,
      lastCommit: previous?.commit ?? GENESIS_LAST_COMMIT,
    };
    const id = blockId(block);
    evm.setBlockHash(Number(height), id.hash);
    const committed = committedBlock(block, id, this.commit(height, id, time), executed);
    await this.options.sink?.appendBlock(committed, stateWrites);
    store.add(committed);
    return committed;
  }

  private takeCometTx(ethHash: string, raw: Uint8Array): Uint8Array {
    const key = ethHash.toLowerCase();
    const bytes = this.cometTxs.get(key);
    this.cometTxs.delete(key);
    if (bytes === undefined) throw new Error(`no Cosmos tx bytes for ${ethHash} (${raw.length} bytes)`);
    return bytes;
  }

  /** BFT time: never earlier than 1 ms after the previous block. */
  private blockTime(previous: CometTime | undefined): CometTime {
    const now = this.options.now?.() ?? BigInt(Date.now()) * 1_000_000n;
    if (previous === undefined) return cometTimeFromUnixNanos(now);
    const floor = previous.seconds * 1_000_000_000n + BigInt(previous.nanos) + 1_000_000n;
    return cometTimeFromUnixNanos(now > floor ? now : floor);
  }

  private commit(height: bigint, id: CometBlockId, time: CometTime): CometCommit {
    const { validator, chainId } = this.options;
    const timestamp = cometTimeFromUnixNanos(time.seconds * 1_000_000_000n + BigInt(time.nanos) + 500_000n);
    const signature = validator.sign(voteSignBytes({ chainId, height, round: 0, blockId: id, timestamp }));
    return {
      height,
      round: 0,
      blockId: id,
      signatures: [
        { blockIdFlag: BlockIdFlag.Commit, validatorAddress: validator.address, timestamp, signature },
      ],
    };
  }
}
