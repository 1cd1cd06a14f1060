// The devnet's data dir: one journal whose first record is the chain's identity and genesis, and
// each later record one committed block with the trie nodes it wrote. Records are V8-serialized
// (node:v8, documented as safe to store: it carries bigints, byte arrays and maps as they are).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { GENESIS_LAST_COMMIT } from '../chain/block-producer';
import { type CommittedBlock, committedBlock } from '../chain/committed-block';
import type { CometBlockId, CometCommit, CometHeader } from '../comet';
import type { EvmGenesis, ExecutedBlock, StateWrites } from '../evm';
import { DataDirError } from './data-dir-error';
import { lockDataDir } from './dir-lock';
import { JournalCorruptError, JournalFile } from './journal-file';

/** Bumped when a record's shape changes; a data dir of another format is refused, not misread. */
const FORMAT = 1;
const JOURNAL_FILE = 'chain.journal';

/** What a chain is besides its blocks: fixed at its first start, the same after every restart. */
export interface ChainGenesis {
  readonly chainId: string;
  /** RFC3339Nano, as `genesis.genesis_time`. */
  readonly genesisTime: string;
  readonly evmGenesis: EvmGenesis;
  /** Height 0's state root: genesis state is rebuilt from `evmGenesis` and must come out the same. */
  readonly stateRoot: Uint8Array;
  /** The validator's ed25519 seed. */
  readonly validatorSeed: Uint8Array;
  readonly nodeId: string;
}

/** A block as reopened: as committed, with the trie nodes its execution wrote. */
export interface PersistedBlock {
  readonly committed: CommittedBlock;
  readonly stateWrites: StateWrites;
}

interface GenesisRecord {
  readonly kind: 'genesis';
  readonly format: number;
  readonly genesis: ChainGenesis;
}

/** The block minus what follows from it or from the block before (`last_commit`, ABCI results). */
interface BlockRecord {
  readonly kind: 'block';
  readonly header: CometHeader;
  readonly txs: readonly Uint8Array[];
  readonly id: CometBlockId;
  readonly commit: CometCommit;
  readonly executed: ExecutedBlock;
  readonly stateWrites: StateWrites;
}

export interface OpenedDataDir {
  readonly journal: BlockJournal;
  /** Undefined for a new data dir: write one with `writeGenesis` before any block. */
  readonly genesis: ChainGenesis | undefined;
  readonly blocks: readonly PersistedBlock[];
  /** Bytes of a block torn by a crash, cut off at open (0 after a clean stop). */
  readonly discardedBytes: number;
}

function decode(path: string, index: number, bytes: Uint8Array): GenesisRecord | BlockRecord {
  const record = deserialize(bytes) as Partial<GenesisRecord | BlockRecord> | null;
  const expected = index === 0 ? 'genesis' : 'block';
  if (record?.kind !== expected) {
    throw new DataDirError(`${path}: record ${index + 1} is not a ${expected} record; the file is damaged`);
  }
  return record as GenesisRecord | BlockRecord;
}

export class BlockJournal {
  private constructor(
    private readonly file: JournalFile,
    private readonly release: () => Promise<void>,
  ) {}

  /**
   * Opens (creating it if needed) the data dir of chain `chainId`; a dir of another chain, a locked
   * one or a damaged one throws a DataDirError.
   */
  static async open(dir: string, chainId: string): Promise<OpenedDataDir> {
    // Owner-only, as CometBFT keeps its config dir: the journal holds the validator's private key.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const release = await lockDataDir(dir);
    const path = join(dir, JOURNAL_FILE);
    let opened;
    try {
      opened = await JournalFile.open(path);
    } catch (error) {
      await release();
      throw error instanceof JournalCorruptError ? new DataDirError(error.message) : error;
    }
    const journal = new BlockJournal(opened.journal, release);
    try {
      const [genesis, blocks] = BlockJournal.read(dir, opened.records, chainId);
      return { journal, genesis, blocks, discardedBytes: opened.discardedBytes };
    } catch (error) {
      await journal.close();
      throw error;
    }
  }

  private static read(
    dir: string,
    records: readonly Uint8Array[],
    chainId: string,
  ): [ChainGenesis | undefined, PersistedBlock[]] {
    const path = join(dir, JOURNAL_FILE);
    const [first, ...rest] = records.map((bytes, index) => decode(path, index, bytes));
    if (first === undefined) return [undefined, []];
    const { format, genesis } = first as GenesisRecord;
    if (format !== FORMAT) {
      throw new DataDirError(`${path} has format ${format}; this Photon reads format ${FORMAT}`);
    }
    if (genesis.chainId !== chainId) {
      throw new DataDirError(
        `data dir ${dir} holds chain ${genesis.chainId}, not ${chainId}; use another --data-dir`,
      );
    }
    const blocks: PersistedBlock[] = [];
    for (const record of rest as BlockRecord[]) {
      const previous = blocks.at(-1)?.committed;
      const expected = (previous?.block.header.height ?? 0n) + 1n;
      if (record.header.height !== expected) {
        throw new DataDirError(`${path}: block ${record.header.height} where ${expected} belongs`);
      }
      const block = {
        header: record.header,
        txs: record.txs,
        lastCommit: previous?.commit ?? GENESIS_LAST_COMMIT,
      };
      blocks.push({
        committed: committedBlock(block, record.id, record.commit, record.executed),
        stateWrites: record.stateWrites,
      });
    }
    return [genesis, blocks];
  }

  /** Starts a new data dir's journal with the chain's genesis. */
  writeGenesis(genesis: ChainGenesis): Promise<void> {
    const record: GenesisRecord = { kind: 'genesis', format: FORMAT, genesis };
    return this.file.append(serialize(record));
  }

  /** Resolves once the block is on disk; a failure is a DataDirError (the data dir takes no more blocks). */
  async appendBlock(committed: CommittedBlock, stateWrites: StateWrites): Promise<void> {
    const { block, id, commit, executed } = committed;
    const record: BlockRecord = {
      kind: 'block',
      header: block.header,
      txs: block.txs,
      id,
      commit,
      executed,
      stateWrites,
    };
    try {
      await this.file.append(serialize(record));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DataDirError(`cannot keep block ${block.header.height} in ${this.file.path}: ${reason}`);
    }
  }

  /** The journal's size on disk. */
  get bytes(): number {
    return this.file.bytes;
  }

  async close(): Promise<void> {
    await this.file.close();
    await this.release();
  }
}
