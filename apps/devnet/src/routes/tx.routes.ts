// Tx routes: broadcast_tx_{sync,async,commit}, check_tx, tx, tx_search, block_search, unconfirmed_txs,
// num_unconfirmed_txs. Searches scan the in-memory chain with the CometBFT query language.
import { type Query, matches, parseQuery } from '@photon/ethermint-wire';
import { decodeHex, encodeBase64, encodeHex, encodeInt64, resultBlockJson } from '../comet';
import { eventMap } from '../chain/abci-results';
import type { TxLocation } from '../chain/chain-store';
import type { CommittedBlock } from '../chain/committed-block';
import { RouteError, type Route } from '../rpc/route';
import { type CheckTxAnswer, admitTx, checkTx } from './admit-tx';
import type { DevnetContext } from './devnet-context';
import { bytesArg, intArg, stringArg } from './heights';
import { txResultJson } from './results-json';
import { txCandidates } from './tx-candidates';

/** CometBFT's timeout_broadcast_tx_commit default. */
const BROADCAST_COMMIT_TIMEOUT_MS = 10_000;
const MAX_PER_PAGE = 100;
const DEFAULT_PER_PAGE = 30;

export function txRoutes(ctx: DevnetContext): Route[] {
  const { store } = ctx;
  const txJson = (committed: CommittedBlock, index: number) => ({
    hash: cometHashOf(committed, index),
    height: encodeInt64(committed.block.header.height),
    index,
    tx_result: txResultJson(committed.txResults[index]!),
    tx: encodeBase64(committed.block.txs[index]!),
  });
  return [
    {
      name: 'broadcast_tx_sync',
      args: [{ name: 'tx', kind: 'bytes' }],
      handle: async (args) => {
        const answer = await admitTx(ctx, requireTx(args['tx']));
        return {
          code: answer.code,
          data: '',
          log: answer.log,
          codespace: answer.codespace,
          hash: answer.hash,
        };
      },
    },
    {
      name: 'broadcast_tx_async',
      args: [{ name: 'tx', kind: 'bytes' }],
      handle: async (args) => {
        const answer = await admitTx(ctx, requireTx(args['tx']));
        return { code: 0, data: '', log: '', codespace: '', hash: answer.hash };
      },
    },
    {
      name: 'broadcast_tx_commit',
      args: [{ name: 'tx', kind: 'bytes' }],
      handle: async (args) => {
        const tx = requireTx(args['tx']);
        const answer = await admitTx(ctx, tx);
        const checkTx = responseCheckTxJson(answer);
        const empty = {
          code: 0,
          data: null,
          log: '',
          info: '',
          gas_wanted: '0',
          gas_used: '0',
          events: [],
          codespace: '',
        };
        if (answer.code !== 0) return { check_tx: checkTx, tx_result: empty, hash: answer.hash, height: '0' };
        const location = await waitForTx(ctx, decodeHex(answer.hash));
        const committed = store.at(location.height)!;
        return {
          check_tx: checkTx,
          tx_result: txResultJson(committed.txResults[location.index]!),
          hash: answer.hash,
          height: encodeInt64(location.height),
        };
      },
    },
    {
      // CometBFT calls the app's CheckTx directly: no mempool, no cache, no events.
      name: 'check_tx',
      args: [{ name: 'tx', kind: 'bytes' }],
      handle: async (args) => responseCheckTxJson(await checkTx(ctx, requireTx(args['tx']))),
    },
    {
      name: 'tx',
      args: [
        { name: 'hash', kind: 'bytes' },
        { name: 'prove', kind: 'bool' },
      ],
      handle: (args) => {
        const hash = bytesArg(args['hash']) ?? new Uint8Array();
        const location = store.txByHash(hash);
        if (location === undefined) throw new RouteError(`tx (${encodeHex(hash)}) not found`);
        return Promise.resolve(txJson(store.at(location.height)!, location.index));
      },
    },
    {
      name: 'tx_search',
      args: [
        { name: 'query', kind: 'string' },
        { name: 'prove', kind: 'bool' },
        { name: 'page', kind: 'int' },
        { name: 'per_page', kind: 'int' },
        { name: 'order_by', kind: 'string' },
      ],
      handle: (args) => {
        const query = parseSearch(stringArg(args['query']));
        const hits: [CommittedBlock, number][] = [];
        for (const { height, index } of txCandidates(store, query)) {
          const committed = store.at(height)!;
          const events = {
            ...eventMap(committed.txResults[index]!.events),
            'tx.hash': [cometHashOf(committed, index)],
            'tx.height': [String(height)],
          };
          if (matches(query, events)) hits.push([committed, index]);
        }
        const page = paginate(hits, args, stringArg(args['order_by']));
        return Promise.resolve({ txs: page.map(([c, i]) => txJson(c, i)), total_count: String(hits.length) });
      },
    },
    {
      name: 'block_search',
      args: [
        { name: 'query', kind: 'string' },
        { name: 'page', kind: 'int' },
        { name: 'per_page', kind: 'int' },
        { name: 'order_by', kind: 'string' },
      ],
      handle: (args) => {
        const query = parseSearch(stringArg(args['query']));
        const hits: CommittedBlock[] = [];
        for (let height = store.earliestHeight; height <= store.latestHeight; height++) {
          const committed = store.at(height);
          if (committed === undefined) continue;
          const events = { ...eventMap(committed.finalizeEvents), 'block.height': [String(height)] };
          if (matches(query, events)) hits.push(committed);
        }
        const page = paginate(hits, args, stringArg(args['order_by']));
        return Promise.resolve({
          blocks: page.map((c) => resultBlockJson(c.id, c.block)),
          total_count: String(hits.length),
        });
      },
    },
    {
      name: 'unconfirmed_txs',
      args: [{ name: 'limit', kind: 'int' }],
      handle: (args) => {
        const pending = pendingCometTxs(ctx);
        // CometBFT's validatePerPage: 30 by default, at most 100, however many the mempool holds.
        const limitArg = intArg(args['limit']);
        const limit =
          limitArg === undefined || limitArg <= 0n
            ? DEFAULT_PER_PAGE
            : Math.min(Number(limitArg), MAX_PER_PAGE);
        return Promise.resolve({
          n_txs: String(Math.min(pending.length, limit)),
          total: String(pending.length),
          total_bytes: String(pending.reduce((sum, tx) => sum + tx.length, 0)),
          txs: pending.slice(0, limit).map(encodeBase64),
        });
      },
    },
    {
      name: 'num_unconfirmed_txs',
      args: [],
      handle: () => {
        const pending = pendingCometTxs(ctx);
        return Promise.resolve({
          n_txs: String(pending.length),
          total: String(pending.length),
          total_bytes: String(pending.reduce((sum, tx) => sum + tx.length, 0)),
          txs: null,
        });
      },
    },
  ];
}

/**
 * ABCI ResponseCheckTx as CometBFT writes it (jsonpb with defaults). CheckTx of an Ethereum tx runs no
 * message, so there are no message responses (data) and no events; gas used is not metered.
 */
function responseCheckTxJson(answer: CheckTxAnswer) {
  return {
    code: answer.code,
    data: null,
    log: answer.log,
    info: '',
    gas_wanted: encodeInt64(answer.gasWanted),
    gas_used: '0',
    events: [],
    codespace: answer.codespace,
  };
}

function requireTx(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length === 0) throw new RouteError('tx is empty');
  return value;
}

function parseSearch(text: string | undefined): Query {
  if (text === undefined) throw new RouteError('query cannot be empty');
  try {
    return parseQuery(text);
  } catch (error) {
    throw new RouteError(error instanceof Error ? error.message : String(error));
  }
}

/** CometBFT's tx hash, uppercase hex. */
function cometHashOf(committed: CommittedBlock, index: number): string {
  return encodeHex(committed.txHashes[index]!);
}

/** CometBFT's pagination: page ≥ 1 within range, per_page 1–100 (default 30), order asc|desc. */
function paginate<T>(items: T[], args: Readonly<Record<string, unknown>>, orderBy: string | undefined): T[] {
  const perPageArg = intArg(args['per_page']);
  const perPage =
    perPageArg === undefined || perPageArg <= 0n
      ? DEFAULT_PER_PAGE
      : Math.min(Number(perPageArg), MAX_PER_PAGE);
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const page = Number(intArg(args['page']) ?? 1n);
  if (page < 1 || page > pages)
    throw new RouteError(`page should be within [1, ${pages}] range, given ${page}`);
  if (orderBy !== undefined && orderBy !== '' && orderBy !== 'asc' && orderBy !== 'desc') {
    throw new RouteError('expected order_by to be either `asc` or `desc` or empty');
  }
  const ordered = orderBy === 'desc' ? [...items].reverse() : items;
  return ordered.slice((page - 1) * perPage, page * perPage);
}

function pendingCometTxs(ctx: DevnetContext): Uint8Array[] {
  const seen = new Set<Uint8Array>();
  for (const pending of ctx.evm.pendingTxs()) {
    const bytes = ctx.producer.pendingCometTx(pending.hash);
    if (bytes !== undefined) seen.add(bytes);
  }
  return [...seen];
}

/** Resolves when the tx is committed: at once if it already is, else on its Tx event. */
function waitForTx(ctx: DevnetContext, cometHash: Uint8Array): Promise<TxLocation> {
  const hash = encodeHex(cometHash);
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      stop();
      outcome();
    };
    const stop = ctx.bus.listen((event) => {
      if (event.type !== 'Tx' || event.events['tx.hash']?.[0] !== hash) return;
      const location = ctx.store.txByHash(cometHash);
      if (location !== undefined) settle(() => resolve(location));
    });
    const timer = setTimeout(
      () => settle(() => reject(new RouteError('timed out waiting for tx to be included in a block'))),
      BROADCAST_COMMIT_TIMEOUT_MS,
    );
    const committed = ctx.store.txByHash(cometHash);
    if (committed !== undefined) settle(() => resolve(committed));
  });
}
