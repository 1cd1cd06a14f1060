// Block routes: block, block_by_hash, header, header_by_hash, commit, blockchain, block_results.
import {
  type CometBlock,
  type HeaderJson,
  blockIdJson,
  encodeBase64,
  encodeInt64,
  headerJson,
  resultBlockJson,
  resultCommitJson,
} from '../comet';
import { encodeBlock } from '../comet/proto';
import { RouteError, type Route } from '../rpc/route';
import type { DevnetContext } from './devnet-context';
import { bytesArg, intArg, resolveHeight } from './heights';
import { eventsJson, txResultJson } from './results-json';

const EMPTY_BLOCK_ID = { hash: '', parts: { total: 0, hash: '' } };
/** rpc/core/blocks.go: at most 20 metas per blockchain call. */
const BLOCKCHAIN_LIMIT = 20n;

/**
 * Each block's protobuf size, made once: CometBFT writes it into the block's meta when it saves the block, so
 * `blockchain` reads it rather than encoding the block again (what a block read spent most of its devnet time on).
 */
const blockSizes = new WeakMap<CometBlock, number>();

function blockSize(block: CometBlock): number {
  let size = blockSizes.get(block);
  if (size === undefined) {
    size = encodeBlock(block).length;
    blockSizes.set(block, size);
  }
  return size;
}

export function blockRoutes(ctx: DevnetContext): Route[] {
  const { store } = ctx;
  const committedAt = (height: bigint | undefined) => {
    const committed = store.at(resolveHeight(store, height));
    if (committed === undefined) throw new RouteError(`block at height ${String(height)} not found`);
    return committed;
  };
  return [
    {
      name: 'block',
      args: [{ name: 'height', kind: 'int' }],
      handle: (args) => {
        const { id, block } = committedAt(intArg(args['height']));
        return Promise.resolve(resultBlockJson(id, block));
      },
    },
    {
      name: 'block_by_hash',
      args: [{ name: 'hash', kind: 'bytes' }],
      handle: (args) => {
        const committed = store.byHash(bytesArg(args['hash']) ?? new Uint8Array());
        return Promise.resolve(
          committed === undefined
            ? { block_id: EMPTY_BLOCK_ID, block: null }
            : resultBlockJson(committed.id, committed.block),
        );
      },
    },
    {
      name: 'header',
      args: [{ name: 'height', kind: 'int' }],
      handle: (args) =>
        Promise.resolve({ header: headerJson(committedAt(intArg(args['height'])).block.header) }),
    },
    {
      name: 'header_by_hash',
      args: [{ name: 'hash', kind: 'bytes' }],
      handle: (args) => {
        const committed = store.byHash(bytesArg(args['hash']) ?? new Uint8Array());
        return Promise.resolve({
          header: committed === undefined ? null : headerJson(committed.block.header),
        });
      },
    },
    {
      name: 'commit',
      args: [{ name: 'height', kind: 'int' }],
      handle: (args) => {
        const committed = committedAt(intArg(args['height']));
        // The latest block's commit is only the node's own "seen" commit, not yet canonical.
        const canonical = committed.block.header.height < store.latestHeight;
        return Promise.resolve(resultCommitJson(committed.block.header, committed.commit, canonical));
      },
    },
    {
      name: 'blockchain',
      args: [
        { name: 'minHeight', kind: 'int' },
        { name: 'maxHeight', kind: 'int' },
      ],
      handle: (args) => {
        const latest = store.latestHeight;
        let max = intArg(args['maxHeight']) ?? latest;
        let min = intArg(args['minHeight']) ?? 0n;
        if (min < 0n || max < 0n) throw new RouteError('heights must be non-negative');
        max = max === 0n || max > latest ? latest : max;
        min = min === 0n ? 1n : min;
        if (min < store.earliestHeight) min = store.earliestHeight;
        if (min > max) throw new RouteError(`min height ${min} can't be greater than max height ${max}`);
        if (max - min + 1n > BLOCKCHAIN_LIMIT) min = max - BLOCKCHAIN_LIMIT + 1n;
        const metas: { block_id: unknown; block_size: string; header: HeaderJson; num_txs: string }[] = [];
        for (let height = max; height >= min; height--) {
          const committed = store.at(height);
          if (committed === undefined) continue;
          metas.push({
            block_id: blockIdJson(committed.id),
            block_size: String(blockSize(committed.block)),
            header: headerJson(committed.block.header),
            num_txs: String(committed.block.txs.length),
          });
        }
        return Promise.resolve({ last_height: encodeInt64(latest), block_metas: metas });
      },
    },
    {
      name: 'block_results',
      args: [{ name: 'height', kind: 'int' }],
      handle: (args) => {
        const committed = committedAt(intArg(args['height']));
        return Promise.resolve({
          height: encodeInt64(committed.block.header.height),
          txs_results: committed.txResults.length === 0 ? null : committed.txResults.map(txResultJson),
          finalize_block_events: eventsJson(committed.finalizeEvents),
          validator_updates: [],
          consensus_param_updates: null,
          app_hash: encodeBase64(committed.appHash),
        });
      },
    },
  ];
}
