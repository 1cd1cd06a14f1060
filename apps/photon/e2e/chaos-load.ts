// The chaos test's clients: senders of transfers signed client-side with ethers (eth_sendRawTransaction),
// readers (plain fetch and an ethers JsonRpcProvider), newHeads subscribers that resubscribe after a close
// and fetch the gap themselves, and filter pollers. Each loop runs until stopped and records what it saw.
import { type HDNodeWallet, Interface, JsonRpcProvider, Transaction } from 'ethers';
import { WebSocket } from 'ws';
import { PHOTON_TOKEN_ARTIFACT } from '@photon/testing';
import { type CallLog, call, transportError } from './chaos-calls';

const CHAIN_ID = 9000n;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Loop {
  stop(): Promise<void>;
}

/** Runs `step` until stopped, `gapMs` apart. */
function loop(
  step: () => Promise<void>,
  gapMs: number,
): { running: () => boolean; done: Promise<void>; stop(): Promise<void> } {
  let running = true;
  const done = (async () => {
    while (running) {
      await step();
      await pause(gapMs);
    }
  })();
  return {
    running: () => running,
    done,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

export interface SentTx {
  readonly hash: string;
  /** True once eth_sendRawTransaction answered this hash (or said the engine already had it). */
  accepted: boolean;
  /** When it was accepted (Date.now()), to tell which fault's window it fell in. */
  acceptedMs?: number;
  readonly logs: boolean;
}

/**
 * Sends transfers from `wallet`, one at a time, each signed with the next nonce; a send that fails is sent
 * again (same bytes, same hash) until the tier accepts it or says the engine already has it, so every nonce
 * is used once. With `token`, the transfers are token transfers (they emit a log).
 */
export function startSender(
  log: CallLog,
  name: string,
  url: () => string,
  wallet: HDNodeWallet,
  firstNonce: number,
  gasPrice: bigint,
  sent: SentTx[],
  token?: string,
): Loop {
  const erc20 = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
  let nonce = firstNonce;
  let pending: { raw: string; tx: SentTx } | undefined;
  const recipient = `0x${'00'.repeat(19)}${(sent.length % 200).toString(16).padStart(2, '0')}`;
  const running = loop(async () => {
    if (pending === undefined) {
      const raw = await wallet.signTransaction({
        type: 0,
        chainId: CHAIN_ID,
        nonce,
        gasPrice,
        gasLimit: token === undefined ? 21_000 : 80_000,
        ...(token === undefined
          ? { to: recipient, value: 1n }
          : { to: token, data: erc20.encodeFunctionData('transfer', [recipient, 1n]) }),
      });
      const tx: SentTx = { hash: Transaction.from(raw).hash!, accepted: false, logs: token !== undefined };
      sent.push(tx);
      pending = { raw, tx };
    }
    const answer = await call<string>(log, name, url(), 'eth_sendRawTransaction', [pending.raw]);
    const message = answer.error?.message ?? '';
    if (answer.result !== undefined || /already known|nonce too low/.test(message)) {
      if (answer.result !== undefined && answer.result !== pending.tx.hash)
        throw new Error(`${name}: the tier answered hash ${answer.result} for ${pending.tx.hash}`);
      pending.tx.accepted = true;
      pending.tx.acceptedMs = Date.now();
      pending = undefined;
      nonce++;
    }
  }, 60);
  return { stop: running.stop };
}

/** Reads through plain fetch: the head, a balance and the latest block, in turn. */
export function startReader(log: CallLog, name: string, url: () => string, address: string): Loop {
  let turn = 0;
  const running = loop(async () => {
    const which = turn++ % 3;
    if (which === 0) await call(log, name, url(), 'eth_blockNumber');
    else if (which === 1) await call(log, name, url(), 'eth_getBalance', [address, 'latest']);
    else await call(log, name, url(), 'eth_getBlockByNumber', ['latest', false]);
  }, 40);
  return { stop: running.stop };
}

/** Reads through an ethers JsonRpcProvider (no batching, no cache), recording what ethers throws. */
export function startEthersReader(log: CallLog, name: string, url: string, address: string): Loop {
  const provider = new JsonRpcProvider(url, Number(CHAIN_ID), {
    staticNetwork: true,
    cacheTimeout: -1,
    batchMaxCount: 1,
  });
  let turn = 0;
  const running = loop(async () => {
    const startedMs = Date.now();
    const method = turn++ % 2 === 0 ? 'eth_blockNumber' : 'eth_getBalance';
    try {
      if (method === 'eth_blockNumber') await provider.getBlockNumber();
      else await provider.getBalance(address);
      log.record(name, method, startedMs, { result: true });
    } catch (error) {
      log.record(name, method, startedMs, ethersOutcome(error));
    }
  }, 50);
  return {
    stop: async () => {
      await running.stop();
      provider.destroy();
    },
  };
}

/** What ethers threw, as a JSON-RPC error when the server sent one (also inside a non-2xx body). */
function ethersOutcome(error: unknown): { error?: { code: number; message: string }; transport?: string } {
  const { error: rpcError, response } = error as {
    error?: { code?: unknown; message?: unknown };
    response?: { bodyText?: string };
  };
  if (typeof rpcError?.code === 'number')
    return { error: { code: rpcError.code, message: String(rpcError.message) } };
  try {
    const body = JSON.parse(response?.bodyText ?? '') as { error?: { code: number; message: string } };
    if (body.error !== undefined) return { error: body.error };
  } catch {
    // Not a JSON body.
  }
  return { transport: transportError(error) };
}

/** A newHeads subscriber: every session (one websocket) and the heights it was sent, plus the gaps it fetched. */
export interface HeadSubscriber {
  readonly name: string;
  /** One entry per websocket session: the heights received, in order. */
  readonly sessions: bigint[][];
  /** How each session ended (close code and reason), `open` for the last. */
  readonly closes: string[];
  /** Heights fetched with eth_getBlockByNumber to fill the gap between two sessions. */
  readonly refetched: bigint[];
  /** Hash per height, as the subscription sent it. */
  readonly hashes: Map<bigint, string>;
  stop(): Promise<void>;
}

/**
 * Subscribes to newHeads through `wsUrl`; when the socket closes it opens a new one (through the balancer,
 * so on another gateway) and, once the new session's first head arrives, fetches the heights it missed in
 * between over HTTP. Ethers' WebSocketProvider does neither (it does not reconnect).
 */
export function startSubscriber(
  log: CallLog,
  name: string,
  wsUrl: string,
  httpUrl: () => string,
): HeadSubscriber {
  const sessions: bigint[][] = [];
  const closes: string[] = [];
  const refetched: bigint[] = [];
  const hashes = new Map<bigint, string>();
  let running = true;
  let socket: WebSocket | undefined;
  const fillers: Promise<void>[] = [];

  const fill = async (from: bigint, to: bigint): Promise<void> => {
    for (let height = from; height <= to; height++) {
      for (;;) {
        const block = await call<{ hash: string } | null>(log, name, httpUrl(), 'eth_getBlockByNumber', [
          `0x${height.toString(16)}`,
          false,
        ]);
        if (block.result) {
          refetched.push(height);
          break;
        }
        if (!running) return;
        await pause(100);
      }
    }
  };

  const open = (): void => {
    if (!running) return;
    const heights: bigint[] = [];
    const previous = sessions.at(-1);
    sessions.push(heights);
    closes.push('open');
    const index = closes.length - 1;
    const ws = new WebSocket(wsUrl);
    socket = ws;
    ws.on('open', () =>
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })),
    );
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        params?: { result?: { number?: string; hash?: string } };
      };
      const head = message.params?.result;
      if (head?.number === undefined) return;
      const height = BigInt(head.number);
      hashes.set(height, head.hash ?? '');
      if (heights.length === 0) {
        const before = lastOf(sessions.slice(0, -1));
        if (previous !== undefined && before !== undefined && height > before + 1n)
          fillers.push(fill(before + 1n, height - 1n));
      }
      heights.push(height);
    });
    ws.on('error', () => undefined);
    ws.on('close', (code, reason) => {
      closes[index] = `${code}${reason.length > 0 ? ` ${reason.toString()}` : ''}`;
      if (running) setTimeout(open, 100);
    });
  };
  open();
  return {
    name,
    sessions,
    closes,
    refetched,
    hashes,
    stop: async () => {
      running = false;
      socket?.close();
      await Promise.all(fillers);
    },
  };
}

/** The last height of the latest session that received any. */
function lastOf(sessions: readonly bigint[][]): bigint | undefined {
  for (let i = sessions.length - 1; i >= 0; i--) {
    const last = sessions[i]!.at(-1);
    if (last !== undefined) return last;
  }
  return undefined;
}

/** A polled filter: its id, what its changes gave, and whether it was ever reported missing. */
export interface PolledFilter {
  readonly name: string;
  readonly id: string;
  /** Block hashes (block filter) or `txHash:logIndex` (log filter), in the order received. */
  readonly changes: string[];
  /** 'filter not found' answers. */
  notFound: number;
  /** Polls answered with an error or not at all (e.g. in flight at a fault). */
  failedPolls: number;
  stop(): Promise<void>;
}

/** Installs a filter with `method` and polls it with eth_getFilterChanges every 250 ms until stopped. */
export async function startFilter(
  log: CallLog,
  name: string,
  url: () => string,
  method: 'eth_newBlockFilter' | 'eth_newFilter',
  params: unknown[],
): Promise<PolledFilter> {
  const installed = await call<string>(log, name, url(), method, params);
  if (installed.result === undefined)
    throw new Error(`${name}: ${method} failed: ${JSON.stringify(installed)}`);
  const filter: PolledFilter = {
    name,
    id: installed.result,
    changes: [],
    notFound: 0,
    failedPolls: 0,
    stop: () => Promise.resolve(),
  };
  const running = loop(async () => {
    const answer = await call<(string | { transactionHash: string; logIndex: string })[]>(
      log,
      name,
      url(),
      'eth_getFilterChanges',
      [filter.id],
    );
    if (answer.error?.message === 'filter not found') filter.notFound++;
    if (answer.result === undefined) filter.failedPolls++;
    for (const change of answer.result ?? [])
      filter.changes.push(
        typeof change === 'string' ? change : `${change.transactionHash}:${change.logIndex}`,
      );
  }, 250);
  filter.stop = running.stop;
  return filter;
}

/** A `logs` subscriber: what each session was sent, and the logs it fetched itself between sessions. */
export interface LogSubscriber {
  readonly name: string;
  /** Per session, `txHash:logIndex` of each log sent, in order. */
  readonly sessions: string[][];
  /** `txHash:logIndex` of the logs fetched with eth_getLogs over the blocks between two sessions. */
  readonly refetched: string[];
  /** The last head its current session was sent. */
  lastHead(): bigint | undefined;
  stop(): Promise<void>;
}

interface LogNotice {
  readonly transactionHash: string;
  readonly logIndex: string;
  readonly blockNumber: string;
}

/**
 * Subscribes to `logs` of `address` and to `newHeads` on one websocket through `wsUrl`; when the socket
 * closes it opens a new one (through the balancer, so on another gateway) and, once the new session's
 * first head arrives, fetches with eth_getLogs the logs of the blocks from the last head of the previous
 * session on, as a client that cannot lose a log must (a subscription does not outlive its socket).
 */
export function startLogSubscriber(
  log: CallLog,
  name: string,
  wsUrl: string,
  httpUrl: () => string,
  address: string,
): LogSubscriber {
  const sessions: string[][] = [];
  const refetched: string[] = [];
  let running = true;
  let socket: WebSocket | undefined;
  let lastHead: bigint | undefined;
  const fillers: Promise<void>[] = [];

  const fill = async (from: bigint, to: bigint): Promise<void> => {
    for (;;) {
      const found = await call<LogNotice[]>(log, name, httpUrl(), 'eth_getLogs', [
        { address, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` },
      ]);
      if (found.result !== undefined) {
        for (const entry of found.result) refetched.push(`${entry.transactionHash}:${entry.logIndex}`);
        return;
      }
      if (!running) return;
      await pause(100);
    }
  };

  const open = (): void => {
    if (!running) return;
    const logs: string[] = [];
    sessions.push(logs);
    const resumeAfter = lastHead;
    let sawHead = false;
    const ids: Record<string, 'heads' | 'logs'> = {};
    const ws = new WebSocket(wsUrl);
    socket = ws;
    ws.on('open', () => {
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
      ws.send(
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['logs', { address }] }),
      );
    });
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        id?: number;
        result?: string;
        params?: { subscription?: string; result?: { number?: string } & Partial<LogNotice> };
      };
      if (message.id !== undefined && typeof message.result === 'string') {
        ids[message.result] = message.id === 1 ? 'heads' : 'logs';
        return;
      }
      const kind = ids[message.params?.subscription ?? ''];
      const result = message.params?.result;
      if (result === undefined) return;
      if (kind === 'logs' && result.transactionHash !== undefined) {
        logs.push(`${result.transactionHash}:${String(result.logIndex)}`);
      } else if (kind === 'heads' && result.number !== undefined) {
        const height = BigInt(result.number);
        // The first head once both subscriptions answered: every later block's logs come on this session.
        // Fetched: the blocks from the previous session's last head (its logs may have been cut off by the
        // close) to this one (its logs may have been pushed before the logs subscription was made).
        const bothLive = Object.keys(ids).length === 2;
        if (!sawHead && bothLive && resumeAfter !== undefined) {
          fillers.push(fill(resumeAfter, height));
        }
        if (bothLive) sawHead = true;
        lastHead = height;
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (running) setTimeout(open, 100);
    });
  };
  open();
  return {
    name,
    sessions,
    refetched,
    lastHead: () => lastHead,
    stop: async () => {
      running = false;
      socket?.close();
      await Promise.all(fillers);
    },
  };
}
