// Typed CometBFT RPC over HTTP: one method per call the query, tx and events services need, each decoding
// and validating the node's answer into the shapes of comet/types.ts.
import { type Hex } from '@photon/types';
import { jsonRoot } from '../comet/json-read';
import { parseBlockchain, parseHeader, parseResultBlock } from '../comet/parse-block';
import { parseBlockResults } from '../comet/parse-results';
import {
  parseAbciQuery,
  parseConsensusParams,
  parseNetInfo,
  parseStatus,
  parseValidators,
} from '../comet/parse-node';
import {
  parseBroadcast,
  parseCheckTx,
  parseTxResponse,
  parseTxSearch,
  parseUnconfirmedTxs,
} from '../comet/parse-tx';
import {
  type CometAbciQuery,
  type CometBlockResults,
  type CometBlockchain,
  type CometBroadcastResult,
  type CometCheckTxResult,
  type CometConsensusParams,
  type CometHeader,
  type CometNetInfo,
  type CometResultBlock,
  type CometStatus,
  type CometTxResponse,
  type CometTxSearchResult,
  type CometUnconfirmedTxs,
  type CometValidators,
} from '../comet/types';
import { engineHttpUrl } from './engine-url';
import { JsonRpcTransport, type JsonRpcTransportOptions, type RpcParams } from './json-rpc-transport';

export type CometHttpClientOptions = JsonRpcTransportOptions;

export interface TxSearchOptions {
  /** 1-based (default 1). */
  page?: number;
  /** 1–100 (default 30, CometBFT's). */
  perPage?: number;
  orderBy?: 'asc' | 'desc';
}

/** `[]byte` params travel as base64; a hash may be given as 0x hex or bytes. */
const base64 = (bytes: Uint8Array | Hex): string =>
  typeof bytes === 'string'
    ? Buffer.from(bytes.slice(2), 'hex').toString('base64')
    : Buffer.from(bytes).toString('base64');
const int = (value: bigint | number | undefined): string | undefined =>
  value === undefined ? undefined : value.toString();

export class CometHttpClient {
  private readonly transport: JsonRpcTransport;

  /** `node`: `tcp://host:port`, `http://…` or `https://…`. */
  constructor(node: string | URL, opts: CometHttpClientOptions = {}) {
    this.transport = new JsonRpcTransport(engineHttpUrl(node), opts);
  }

  get url(): URL {
    return this.transport.url;
  }

  /** Any method, result undecoded: for calls this class does not type. */
  call(method: string, params: RpcParams = {}, timeoutMs?: number): Promise<unknown> {
    return this.transport.call(method, params, timeoutMs);
  }

  async status(): Promise<CometStatus> {
    return parseStatus(jsonRoot(await this.call('status'), 'status'));
  }

  async netInfo(): Promise<CometNetInfo> {
    return parseNetInfo(jsonRoot(await this.call('net_info'), 'net_info'));
  }

  /** The block at `height` (latest when omitted). A height the node lacks is an EngineRpcError. */
  async block(height?: bigint): Promise<CometResultBlock> {
    const result = parseResultBlock(jsonRoot(await this.call('block', { height: int(height) }), 'block'));
    return result ?? jsonRoot(null, 'block.block').fail('no block');
  }

  /** null when the node has no block with that hash. */
  async blockByHash(hash: Hex | Uint8Array): Promise<CometResultBlock | null> {
    const result = await this.call('block_by_hash', { hash: base64(hash) });
    return parseResultBlock(jsonRoot(result, 'block_by_hash'));
  }

  async header(height?: bigint): Promise<CometHeader> {
    const result = jsonRoot(await this.call('header', { height: int(height) }), 'header');
    return parseHeader(result.get('header'));
  }

  async blockResults(height?: bigint): Promise<CometBlockResults> {
    const result = await this.call('block_results', { height: int(height) });
    return parseBlockResults(jsonRoot(result, 'block_results'));
  }

  /** Block metas from `maxHeight` down to `minHeight` (CometBFT caps one answer at 20). */
  async blockchain(minHeight: bigint, maxHeight: bigint): Promise<CometBlockchain> {
    const result = await this.call('blockchain', { minHeight: int(minHeight), maxHeight: int(maxHeight) });
    return parseBlockchain(jsonRoot(result, 'blockchain'));
  }

  async consensusParams(height?: bigint): Promise<CometConsensusParams> {
    const result = await this.call('consensus_params', { height: int(height) });
    return parseConsensusParams(jsonRoot(result, 'consensus_params'));
  }

  async validators(height?: bigint, page?: number, perPage?: number): Promise<CometValidators> {
    const result = await this.call('validators', {
      height: int(height),
      page: int(page),
      per_page: int(perPage),
    });
    return parseValidators(jsonRoot(result, 'validators'));
  }

  /** The tx with this CometBFT hash (sha256 of its bytes). Unknown hash: EngineRpcError. */
  async tx(hash: Hex | Uint8Array): Promise<CometTxResponse> {
    return parseTxResponse(jsonRoot(await this.call('tx', { hash: base64(hash), prove: false }), 'tx'));
  }

  async txSearch(query: string, opts: TxSearchOptions = {}): Promise<CometTxSearchResult> {
    const result = await this.call('tx_search', {
      query,
      prove: false,
      page: int(opts.page),
      per_page: int(opts.perPage),
      order_by: opts.orderBy,
    });
    return parseTxSearch(jsonRoot(result, 'tx_search'));
  }

  async broadcastTxSync(tx: Uint8Array): Promise<CometBroadcastResult> {
    return parseBroadcast(
      jsonRoot(await this.call('broadcast_tx_sync', { tx: base64(tx) }), 'broadcast_tx_sync'),
    );
  }

  async checkTx(tx: Uint8Array): Promise<CometCheckTxResult> {
    return parseCheckTx(jsonRoot(await this.call('check_tx', { tx: base64(tx) }), 'check_tx'));
  }

  async unconfirmedTxs(limit?: number): Promise<CometUnconfirmedTxs> {
    const result = await this.call('unconfirmed_txs', { limit: int(limit) });
    return parseUnconfirmedTxs(jsonRoot(result, 'unconfirmed_txs'));
  }

  async numUnconfirmedTxs(): Promise<CometUnconfirmedTxs> {
    return parseUnconfirmedTxs(jsonRoot(await this.call('num_unconfirmed_txs'), 'num_unconfirmed_txs'));
  }

  /** `abci_query` with a protobuf request; `height` undefined (or 0) = latest. ABCI errors come back in `code`. */
  /** `prove` asks a store read for its proof (CometBFT's ProofOps; gRPC paths ignore it). */
  async abciQuery(path: string, data: Uint8Array, height?: bigint, prove = false): Promise<CometAbciQuery> {
    const result = await this.call('abci_query', {
      path,
      data: Buffer.from(data).toString('hex'),
      height: int(height),
      prove,
    });
    return parseAbciQuery(jsonRoot(result, 'abci_query'));
  }

  /** Closes the pooled sockets. */
  close(): void {
    this.transport.close();
  }
}
