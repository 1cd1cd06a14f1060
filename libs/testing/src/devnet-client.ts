// Puts transactions on a devnet the way any CometBFT client would (an Ethereum tx wrapped in a Cosmos
// tx, broadcast_tx_sync), for tests that need chain state before the tier's own submit path exists.
import { wrapEthereumTx, wrapEthereumTxBatch } from '@photon/ethermint-wire';
import { HDNodeWallet, Transaction, getBytes } from 'ethers';
import { waitFor } from './wait-for';

/** The devnet's documented development mnemonic (Hardhat's and Anvil's). */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** Dev account `index` (0–9 are funded at genesis with 1,000,000 photon). */
export function devWallet(index: number): HDNodeWallet {
  return HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`);
}

export interface BroadcastAnswer {
  readonly code: number;
  readonly log: string;
  /** The CometBFT tx hash (uppercase hex). */
  readonly hash: string;
}

export class DevnetClient {
  private nextId = 1;

  constructor(readonly rpcUrl: string) {}

  async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
      signal: AbortSignal.timeout(10_000),
    });
    const reply = (await response.json()) as { result?: T; error?: { message: string; data?: string } };
    if (reply.error !== undefined)
      throw new Error(`${method}: ${reply.error.message} ${reply.error.data ?? ''}`);
    return reply.result as T;
  }

  async latestHeight(): Promise<bigint> {
    const status = await this.call<{ sync_info: { latest_block_height: string } }>('status');
    return BigInt(status.sync_info.latest_block_height);
  }

  /** broadcast_tx_sync of a signed EIP-2718 tx (0x hex), wrapped as Ethermint's maintained layout does. */
  async broadcast(signedRaw: string): Promise<BroadcastAnswer> {
    const cosmosTx = wrapEthereumTx(getBytes(signedRaw), { layout: 'maintained', denom: 'aphoton' });
    return this.call<BroadcastAnswer>('broadcast_tx_sync', { tx: Buffer.from(cosmosTx).toString('base64') });
  }

  /** broadcast_tx_sync of one Cosmos tx carrying every signed tx of `signedRaws`, in order (a batch). */
  async broadcastBatch(signedRaws: readonly string[]): Promise<BroadcastAnswer> {
    const cosmosTx = wrapEthereumTxBatch(
      signedRaws.map((raw) => getBytes(raw)),
      { layout: 'maintained', denom: 'aphoton' },
    );
    return this.call<BroadcastAnswer>('broadcast_tx_sync', { tx: Buffer.from(cosmosTx).toString('base64') });
  }

  /** The height that included the Ethereum tx `ethHash`, waiting for it. */
  async waitForInclusion(ethHash: string, timeoutMs = 15_000): Promise<bigint> {
    let height = -1n;
    await waitFor(
      async () => {
        const found = await this.call<{ txs: { height: string }[] }>('tx_search', {
          query: `ethereum_tx.ethereumTxHash='${ethHash.toLowerCase()}'`,
        });
        if (found.txs[0] !== undefined) height = BigInt(found.txs[0].height);
        return height >= 0n;
      },
      { what: `inclusion of ${ethHash}`, timeoutMs, intervalMs: 50 },
    );
    return height;
  }

  /** Broadcasts, insists CheckTx accepted it, and waits for its block; returns the Ethereum hash and height. */
  async send(signedRaw: string): Promise<{ hash: string; height: bigint }> {
    const answer = await this.broadcast(signedRaw);
    if (answer.code !== 0) throw new Error(`devnet refused the tx: code ${answer.code}: ${answer.log}`);
    const { hash } = Transaction.from(signedRaw);
    if (hash === null) throw new Error('send needs a signed tx');
    return { hash, height: await this.waitForInclusion(hash) };
  }
}
