// What the upstream tests call through web3.py, over plain JSON-RPC: make_request (the raw reply),
// the w3.eth getters they use, and utils.py's signing and sending helpers with web3.py's defaults
// (fill_transaction_defaults + fill_nonce: chain id, estimated gas, 0x data, 0 value and, without
// gasPrice, a dynamic fee of max_priority_fee + 2 × base fee), so each port reads as the original.
import { type JsonRpcReply, rpc } from '@photon/testing';
import { type TransactionLike, type Wallet, getAddress, keccak256 } from 'ethers';
import WebSocket from 'ws';
import { ACCOUNTS } from './accounts';
import { signDynamicFeeTx } from './sign-dynamic-fee';

export type Hex = `0x${string}`;

/** A tx as the upstream tests write it (web3.py's field names, numbers or hex). */
export interface TxParams {
  from?: string;
  to?: string | null;
  value?: bigint | number | string;
  gas?: bigint | number | string;
  gasPrice?: bigint | number | string;
  maxFeePerGas?: bigint | number | string;
  maxPriorityFeePerGas?: bigint | number | string;
  nonce?: number;
  data?: string;
  accessList?: { address: string; storageKeys: string[] }[];
}

export interface Receipt {
  transactionHash: Hex;
  blockHash: Hex;
  blockNumber: number;
  transactionIndex: number;
  status: number;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  contractAddress: string | null;
  logs: {
    address: string;
    topics: Hex[];
    data: Hex;
    logIndex: number;
    blockHash: Hex;
    transactionHash: Hex;
  }[];
  raw: Record<string, unknown>;
}

export interface SignedTx {
  rawTransaction: Hex;
  hash: Hex;
}

/** A JSON-RPC error answer, thrown as web3.py raises ValueError with the error object. */
export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly error: { code: number; message: string; data?: unknown },
  ) {
    super(`${method}: ${JSON.stringify(error)}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const big = (value: bigint | number | string): bigint => BigInt(value);
const num = (value: unknown): number => Number(BigInt(value as string));

export class Web3Like {
  constructor(
    readonly httpUrl: string,
    readonly wsUrl: string,
    /** Where makeRequest sends: HTTP, or the websocket (upstream's `ethermint-ws` parametrisation). */
    private readonly transport: 'http' | 'ws' = 'http',
  ) {}

  /** The same calls over the websocket endpoint. */
  useWebsocket(): Web3Like {
    return new Web3Like(this.httpUrl, this.wsUrl, 'ws');
  }

  /** w3.provider.make_request: the reply as received. */
  makeRequest<R = unknown>(method: string, params: unknown[] = []): Promise<JsonRpcReply<R>> {
    return this.transport === 'http'
      ? rpc<R>(this.httpUrl, method, params)
      : wsRequest<R>(this.wsUrl, method, params);
  }

  /** A result, or the error thrown (web3.py's ValueError). */
  async request<R = unknown>(method: string, params: unknown[] = []): Promise<R> {
    const reply = await this.makeRequest<R>(method, params);
    if (reply.error !== undefined) throw new RpcError(method, reply.error);
    return reply.result as R;
  }

  async blockNumber(): Promise<number> {
    return num(await this.request('eth_blockNumber'));
  }

  async chainId(): Promise<number> {
    return num(await this.request('eth_chainId'));
  }

  async gasPrice(): Promise<bigint> {
    return big(await this.request<string>('eth_gasPrice'));
  }

  async getBalance(address: string, block: string = 'latest'): Promise<bigint> {
    return big(await this.request<string>('eth_getBalance', [address, block]));
  }

  async getTransactionCount(address: string, block: string = 'latest'): Promise<number> {
    return num(await this.request('eth_getTransactionCount', [address, block]));
  }

  /** w3.eth.get_block: the block object (hex fields as sent), throwing when there is none. */
  async getBlock(block: number | string, full = false): Promise<Record<string, unknown>> {
    const tag = typeof block === 'number' ? `0x${block.toString(16)}` : block;
    const method = tag.length === 66 ? 'eth_getBlockByHash' : 'eth_getBlockByNumber';
    const result = await this.request<Record<string, unknown> | null>(method, [tag, full]);
    if (result === null) throw new Error(`block ${tag} not found`);
    return result;
  }

  /** w3_wait_for_new_blocks. */
  async waitForNewBlocks(n: number, sleepMs = 500): Promise<void> {
    const begin = await this.blockNumber();
    for (;;) {
      await sleep(sleepMs);
      if ((await this.blockNumber()) - begin >= n) return;
    }
  }

  /** w3_wait_for_block. */
  async waitForBlock(height: number, timeoutS = 240): Promise<void> {
    for (let i = 0; i < timeoutS * 2; i++) {
      if ((await this.blockNumber().catch(() => -1)) >= height) return;
      await sleep(500);
    }
    throw new Error(`wait for block ${height} timeout`);
  }

  /** sign_transaction: fill web3.py's defaults and the pending nonce, then sign with `key`. */
  async signTransaction(tx: TxParams, key: Wallet = ACCOUNTS.validator): Promise<SignedTx> {
    const filled: TxParams = { ...tx, from: key.address };
    const like: TransactionLike = {
      chainId: await this.chainId(),
      to: filled.to ?? null,
      data: filled.data ?? '0x',
      value: big(filled.value ?? 0),
      nonce: filled.nonce ?? (await this.getTransactionCount(key.address, 'pending')),
    };
    if (filled.accessList !== undefined) like.accessList = filled.accessList;
    if (filled.gasPrice !== undefined) {
      like.gasPrice = big(filled.gasPrice);
      like.type = filled.accessList === undefined ? 0 : 1;
    } else {
      like.type = 2;
      like.maxPriorityFeePerGas = big(
        filled.maxPriorityFeePerGas ?? (await this.request<string>('eth_maxPriorityFeePerGas')),
      );
      like.maxFeePerGas =
        filled.maxFeePerGas === undefined
          ? like.maxPriorityFeePerGas + 2n * big((await this.getBlock('latest'))['baseFeePerGas'] as string)
          : big(filled.maxFeePerGas);
    }
    like.gasLimit = big(filled.gas ?? (await this.estimateGas(filled)));
    const raw = (
      like.type === 2
        ? signDynamicFeeTx(
            {
              chainId: Number(like.chainId),
              nonce: like.nonce!,
              maxPriorityFeePerGas: big(like.maxPriorityFeePerGas!),
              maxFeePerGas: big(like.maxFeePerGas!),
              gasLimit: like.gasLimit,
              to: like.to ?? null,
              value: big(like.value!),
              data: like.data!,
              accessList: filled.accessList ?? [],
            },
            key,
          )
        : await key.signTransaction(like)
    ) as Hex;
    // keccak of the bytes: ethers' parser would refuse a tip above the fee cap before the node sees it.
    return { rawTransaction: raw, hash: keccak256(raw) as Hex };
  }

  async estimateGas(tx: TxParams): Promise<bigint> {
    return big(await this.request<string>('eth_estimateGas', [rpcTx(tx)]));
  }

  async sendRawTransaction(raw: string): Promise<Hex> {
    return this.request<Hex>('eth_sendRawTransaction', [raw]);
  }

  async getTransactionReceipt(hash: string): Promise<Receipt | null> {
    const raw = await this.request<Record<string, unknown> | null>('eth_getTransactionReceipt', [hash]);
    return raw === null ? null : receiptOf(raw);
  }

  /** wait_for_transaction_receipt (web3.py polls every 0.1 s, 120 s by default). */
  async waitForTransactionReceipt(hash: string, timeoutMs = 120_000): Promise<Receipt> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const receipt = await this.getTransactionReceipt(hash);
      if (receipt !== null) return receipt;
      await sleep(100);
    }
    throw new Error(`TimeExhausted: no receipt of ${hash} after ${timeoutMs} ms`);
  }

  /** send_transaction of utils.py: sign, send, wait 20 s for the receipt, resend up to 3 times. */
  async sendTransaction(tx: TxParams, key: Wallet = ACCOUNTS.validator): Promise<Receipt> {
    for (let attempt = 0; attempt <= 3; attempt++) {
      const signed = await this.signTransaction(tx, key);
      const hash = await this.sendRawTransaction(signed.rawTransaction);
      try {
        return await this.waitForTransactionReceipt(hash, 20_000);
      } catch (error) {
        if (!String(error).includes('TimeExhausted')) throw error;
      }
    }
    throw new Error('TimeExhausted');
  }

  /** w3.eth.send_transaction: the node signs with an unlocked account. */
  async sendUnsigned(tx: TxParams): Promise<Hex> {
    return this.request<Hex>('eth_sendTransaction', [rpcTx(tx)]);
  }

  /** eth_call with web3.py's hex encoding. */
  async call(tx: TxParams, block: string = 'latest', ...extra: unknown[]): Promise<Hex> {
    return this.request<Hex>('eth_call', [rpcTx(tx), block, ...extra]);
  }
}

/** A tx object in JSON-RPC form (quantities as hex). */
export function rpcTx(tx: TxParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tx)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'bigint' || typeof value === 'number' ? `0x${value.toString(16)}` : value;
  }
  return out;
}

function receiptOf(raw: Record<string, unknown>): Receipt {
  const logs = (raw['logs'] as Record<string, unknown>[]).map((log) => ({
    address: getAddress(log['address'] as string),
    topics: log['topics'] as Hex[],
    data: log['data'] as Hex,
    logIndex: num(log['logIndex']),
    blockHash: log['blockHash'] as Hex,
    transactionHash: log['transactionHash'] as Hex,
  }));
  return {
    transactionHash: raw['transactionHash'] as Hex,
    blockHash: raw['blockHash'] as Hex,
    blockNumber: num(raw['blockNumber']),
    transactionIndex: num(raw['transactionIndex']),
    status: num(raw['status']),
    gasUsed: big(raw['gasUsed'] as string),
    cumulativeGasUsed: big(raw['cumulativeGasUsed'] as string),
    // web3.py checksums every address it returns.
    contractAddress: raw['contractAddress'] == null ? null : getAddress(raw['contractAddress'] as string),
    logs,
    raw,
  };
}

/** One call on a websocket of its own (web3.py's WebsocketProvider sends one request at a time). */
function wsRequest<R>(wsUrl: string, method: string, params: unknown[]): Promise<JsonRpcReply<R>> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })));
    ws.on('message', (data: Buffer) => {
      resolve(JSON.parse(data.toString('utf8')) as JsonRpcReply<R>);
      ws.close();
    });
  });
}
