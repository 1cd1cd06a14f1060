// A data dir gives back exactly what was committed (blocks, results, trie nodes, the chain's
// identity), refuses another chain's dir or one in use, and loses no more than a torn last block.
import { mkdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GWEI, devWallet, signTx } from '../evm/testing/sign';
import { BlockJournal } from './block-journal';
import { DataDirError } from './data-dir-error';
import { DEVNET_SUBDIR } from './open-chain';
import { CHAIN_ID, openDataDirChain, tmpDataDir } from './testing/data-dir-chain';

jest.setTimeout(30_000);

const fees = { type: 2, maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: 1n } as const;

describe(BlockJournal.name, () => {
  /** The --data-dir; the journal is in its devnet subdirectory, `dir`. */
  let dataDir: string;
  let dir: string;
  let remove: () => Promise<void>;

  beforeEach(async () => {
    ({ dir: dataDir, remove } = await tmpDataDir());
    dir = join(dataDir, DEVNET_SUBDIR);
  });
  afterEach(() => remove());

  /** A chain of three blocks, the second with two transfers; closed. */
  async function threeBlocks() {
    const chain = await openDataDirChain(dataDir);
    const blocks = [await chain.producer.produce()];
    const wallet = devWallet(1);
    await chain.submit(await signTx(wallet, { ...fees, nonce: 0, to: devWallet(2).address, value: 7n }));
    await chain.submit(await signTx(wallet, { ...fees, nonce: 1, to: devWallet(3).address, value: 9n }));
    const withTxs = await chain.producer.produce();
    const writes = chain.evm.takeStateWrites();
    expect(writes.size).toBe(0); // the producer took this block's nodes for the journal
    blocks.push(withTxs, await chain.producer.produce());
    await chain.close();
    return { chain, blocks };
  }

  it('default: the genesis and every block come back as committed, with their trie nodes', async () => {
    const { chain, blocks } = await threeBlocks();
    const opened = await BlockJournal.open(dir, CHAIN_ID);
    await opened.journal.close();
    expect(opened.genesis).toEqual(chain.genesis);
    expect(opened.discardedBytes).toBe(0);
    expect(opened.blocks.map((b) => b.committed)).toEqual(blocks);
    // Empty blocks write no state; the transfers wrote the accounts they touched.
    expect(opened.blocks.map((b) => b.stateWrites.size > 0)).toEqual([false, true, false]);
  });

  it('behavior: a block torn by a crash is lost, the blocks before it are kept', async () => {
    const { blocks } = await threeBlocks();
    const path = join(dir, 'chain.journal');
    await truncate(path, (await stat(path)).size - 10);
    const opened = await BlockJournal.open(dir, CHAIN_ID);
    expect(opened.blocks.map((b) => b.committed)).toEqual(blocks.slice(0, 2));
    expect(opened.discardedBytes).toBeGreaterThan(0);
    await opened.journal.close();
  });

  it('error: a data dir made for another chain id', async () => {
    await threeBlocks();
    await expect(BlockJournal.open(dir, 'evmos_9001-2')).rejects.toThrow(
      new DataDirError(`data dir ${dir} holds chain photon_9000-1, not evmos_9001-2; use another --data-dir`),
    );
    // The refusal released the lock: the right chain id opens.
    const opened = await BlockJournal.open(dir, CHAIN_ID);
    await opened.journal.close();
  });

  it('error: a data dir in use by a live process', async () => {
    const opened = await BlockJournal.open(dir, CHAIN_ID);
    try {
      await expect(BlockJournal.open(dir, CHAIN_ID)).rejects.toThrow(
        new DataDirError(
          `data dir ${dir} is in use by process ${process.pid} (remove ${join(dir, 'LOCK')} if it is not)`,
        ),
      );
    } finally {
      await opened.journal.close();
    }
  });

  it('behavior: a lock left by a process that is gone is taken over', async () => {
    await mkdir(dir);
    await writeFile(join(dir, 'LOCK'), '2147483646\n'); // above any pid_max
    const opened = await BlockJournal.open(dir, CHAIN_ID);
    expect(await readFile(join(dir, 'LOCK'), 'utf8')).toBe(`${process.pid}\n`);
    await opened.journal.close();
  });

  it('error: a damaged journal is refused with its path', async () => {
    await threeBlocks();
    const path = join(dir, 'chain.journal');
    const bytes = await readFile(path);
    bytes.writeUInt8(bytes.readUInt8(20) ^ 0xff, 20);
    await writeFile(path, bytes);
    await expect(BlockJournal.open(dir, CHAIN_ID)).rejects.toThrow(
      new DataDirError(
        `${path}: record 1 at byte 8 fails its checksum and more data follows; the file is damaged`,
      ),
    );
  });
});
