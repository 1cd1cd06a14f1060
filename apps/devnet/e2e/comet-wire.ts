// The devnet seen from outside, for the e2e specs: CometBFT JSON-RPC over plain fetch (POST and GET),
// and the few steps an Ethereum client on Ethermint takes with it (broadcast, inclusion, abci_query).
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { type JsonRpcReply, rpc, waitFor } from '@photon/testing';
import { keccak256 } from 'ethers';

export interface AbciAttributeJson {
  key: string;
  value: string;
  index: boolean;
}

export interface AbciEventJson {
  type: string;
  attributes: AbciAttributeJson[];
}

/** ExecTxResult / ResponseCheckTx as CometBFT writes them. */
export interface TxResultJson {
  code: number;
  data: string | null;
  log: string;
  info: string;
  gas_wanted: string;
  gas_used: string;
  events: AbciEventJson[];
  codespace: string;
}

export interface TxJson {
  hash: string;
  height: string;
  index: number;
  tx_result: TxResultJson;
  tx: string;
}

export interface BroadcastJson {
  code: number;
  data: string;
  log: string;
  codespace: string;
  hash: string;
}

export interface AbciQueryJson {
  code: number;
  log: string;
  value: string | null;
  height: string;
  codespace: string;
}

/** The value of `key` in the first event of `type`. */
export function attribute(events: readonly AbciEventJson[], type: string, key: string): string | undefined {
  return events.find((event) => event.type === type)?.attributes.find((a) => a.key === key)?.value;
}

/** The attributes of the first event of `type`, as a key → value record. */
export function eventRecord(events: readonly AbciEventJson[], type: string): Record<string, string> {
  const event = events.find((e) => e.type === type);
  return Object.fromEntries((event?.attributes ?? []).map((a) => [a.key, a.value]));
}

/** The Cosmos tx an Ethermint JSON-RPC builds around a signed Ethereum tx, base64 for a `tx` param. */
export function cosmosTxBase64(signedRaw: Uint8Array): string {
  return Buffer.from(wrapEthereumTx(signedRaw, { layout: 'maintained', denom: 'aphoton' })).toString(
    'base64',
  );
}

export class CometWire {
  constructor(readonly url: string) {}

  /** A JSON-RPC POST, answered as received (result or error). */
  post<R>(method: string, params: Record<string, unknown> = {}): Promise<JsonRpcReply<R>> {
    return rpc<R>(this.url, method, params);
  }

  /** A JSON-RPC POST that must succeed. */
  async call<R>(method: string, params: Record<string, unknown> = {}): Promise<R> {
    const reply = await this.post<R>(method, params);
    if (reply.error !== undefined || reply.result === undefined) {
      throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    }
    return reply.result;
  }

  /** A URI call: `GET /<method>?<query>`, with its HTTP status and body. */
  async get(pathAndQuery: string): Promise<{ status: number; text: string }> {
    const response = await fetch(`${this.url}/${pathAndQuery}`);
    return { status: response.status, text: await response.text() };
  }

  async latestHeight(): Promise<bigint> {
    const status = await this.call<{ sync_info: { latest_block_height: string } }>('status');
    return BigInt(status.sync_info.latest_block_height);
  }

  /** Resolves once a block above `height` is committed. */
  async waitForHeightAbove(height: bigint): Promise<void> {
    await waitFor(async () => (await this.latestHeight()) > height, {
      what: `a block above ${height}`,
      intervalMs: 20,
    });
  }

  /** broadcast_tx_sync of the Cosmos tx around `signedRaw`. */
  broadcast(signedRaw: Uint8Array): Promise<BroadcastJson> {
    return this.call<BroadcastJson>('broadcast_tx_sync', { tx: cosmosTxBase64(signedRaw) });
  }

  /** Polls tx_search by the Ethereum hash of `signedRaw` until the tx is in a block. */
  async waitForEthTx(signedRaw: Uint8Array): Promise<TxJson> {
    const query = `ethereum_tx.ethereumTxHash='${keccak256(signedRaw)}'`;
    let found: TxJson | undefined;
    await waitFor(
      async () => {
        const page = await this.call<{ txs: TxJson[] }>('tx_search', { query });
        found = page.txs[0];
        return found !== undefined;
      },
      { what: `inclusion of ${keccak256(signedRaw)}`, intervalMs: 20 },
    );
    return found!;
  }

  /** abci_query of a protobuf request at `height` (0: the latest); the response's value decoded. */
  async query(
    path: string,
    request: Uint8Array,
    height: bigint,
  ): Promise<AbciQueryJson & { bytes: Uint8Array }> {
    const { response } = await this.call<{ response: AbciQueryJson }>('abci_query', {
      path,
      data: Buffer.from(request).toString('hex'),
      height: height.toString(),
      prove: false,
    });
    return { ...response, bytes: new Uint8Array(Buffer.from(response.value ?? '', 'base64')) };
  }
}
