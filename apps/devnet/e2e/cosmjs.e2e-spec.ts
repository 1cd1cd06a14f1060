// @cosmjs/tendermint-rpc — a real CometBFT client — against the devnet over HTTP: it must pick
// its 0.38 client and decode every response with the right values.
import { Comet38Client, WebsocketClient, connectComet } from '@cosmjs/tendermint-rpc';
import type { Stream } from 'xstream';
import {
  QueryBalanceRequest,
  QueryBalanceResponse,
  unwrapEthereumTx,
  wrapEthereumTx,
} from '@photon/ethermint-wire';
import { HDNodeWallet, Wallet, getAddress, getBytes } from 'ethers';
import type { Devnet } from '../src/devnet';
import { startLoopbackDevnet } from './loopback-devnet';
import { DEV_MNEMONIC } from '../src/evm';
import { closeCosmjsWebsocket } from '@photon/testing';

jest.setTimeout(60_000);

describe('cosmjs against the devnet', () => {
  let devnet: Devnet;
  let client: Comet38Client;

  beforeAll(async () => {
    devnet = await startLoopbackDevnet();
    const connected = await connectComet(devnet.rpcUrl);
    expect(connected).toBeInstanceOf(Comet38Client);
    client = connected as Comet38Client;
  });
  afterAll(async () => {
    client?.disconnect();
    await devnet?.stop();
  });

  it('default: status names the chain, a 0.38 node and a real latest block', async () => {
    const status = await client.status();
    expect(status.nodeInfo.network).toBe('photon_9000-1');
    expect(status.nodeInfo.version).toMatch(/^0\.38\./);
    expect(status.syncInfo.latestBlockHash.length).toBe(32);
    expect(status.syncInfo.latestBlockHeight).toBeGreaterThanOrEqual(1);
    expect(status.syncInfo.catchingUp).toBe(false);
  });

  it('default: block, blockchain and blockResults decode with linked hashes', async () => {
    const status = await client.status();
    const height = status.syncInfo.latestBlockHeight;
    const block = await client.block(height);
    expect(block.block.header.height).toBe(height);
    expect(block.block.header.chainId).toBe('photon_9000-1');
    if (height > 1) {
      const parent = await client.block(height - 1);
      expect(Buffer.from(block.block.header.lastBlockId!.hash)).toEqual(Buffer.from(parent.blockId.hash));
    }
    const chain = await client.blockchain(1, height);
    expect(chain.blockMetas[0]!.header.height).toBe(height);
    expect(Buffer.from(chain.blockMetas[0]!.blockId.hash)).toEqual(Buffer.from(block.blockId.hash));
    const results = await client.blockResults(height);
    expect(results.height).toBe(height);
    expect(results.finalizeBlockEvents.map((e) => e.type)).toEqual(['block_bloom', 'fee_market']);
  });

  it('behavior: broadcastTxSync, then tx and txSearch find the transfer with its events', async () => {
    const wallet = Wallet.fromPhrase(DEV_MNEMONIC);
    const signed = await wallet.signTransaction({
      to: '0x000000000000000000000000000000000000bEEF',
      value: 5n,
      gasLimit: 21_000n,
      gasPrice: 10_000_000_000n,
      nonce: 0,
      chainId: 9000n,
      type: 0,
    });
    const tx = wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' });
    const [message] = unwrapEthereumTx(tx);
    const broadcast = await client.broadcastTxSync({ tx });
    expect(broadcast.code).toBe(0);

    const search = async () => {
      for (let i = 0; i < 100; i++) {
        const result = await client.txSearch({ query: `ethereum_tx.ethereumTxHash='${message!.hash}'` });
        const hit = result.txs[0];
        if (hit !== undefined) return hit;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the transfer was not included');
    };
    const found = await search();
    expect(Buffer.from(found.hash)).toEqual(Buffer.from(broadcast.hash));
    const byHash = await client.tx({ hash: broadcast.hash });
    expect(byHash.height).toBe(found.height);
    expect(byHash.result.code).toBe(0);
    expect(byHash.result.gasUsed).toBe(21_000n);
    const recipient = byHash.result.events
      .find((e) => e.type === 'ethereum')!
      .attributes.find((a) => a.key === 'recipient')!.value;
    expect(recipient).toBe('0x000000000000000000000000000000000000bEEF');
    const byRecipient = await client.txSearch({
      query: "ethereum.recipient='0x000000000000000000000000000000000000bEEF'",
    });
    expect(byRecipient.totalCount).toBe(1);

    // The recipient's balance through abci_query, at the transfer's height and the height before.
    const balanceAt = async (height: number) => {
      const response = await client.abciQuery({
        path: '/ethermint.evm.v1.Query/Balance',
        data: QueryBalanceRequest.encode({ address: '0x000000000000000000000000000000000000bEEF' }),
        height,
      });
      expect(response.code).toBe(0);
      return QueryBalanceResponse.decode(response.value).balance;
    };
    expect(await balanceAt(found.height)).toBe('5');
    expect(await balanceAt(found.height - 1)).toBe('0');
  });

  it('behavior: broadcastTxCommit answers once the tx is in a block', async () => {
    const wallet = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0/1");
    const signed = await wallet.signTransaction({
      to: '0x000000000000000000000000000000000000bEEF',
      value: 1n,
      gasLimit: 21_000n,
      gasPrice: 10_000_000_000n,
      nonce: 0,
      chainId: 9000n,
      type: 0,
    });
    const result = await client.broadcastTxCommit({
      tx: wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' }),
    });
    expect(result.checkTx.code).toBe(0);
    expect(result.txResult?.code).toBe(0);
    expect(result.height).toBeGreaterThan(0);
    expect((await client.tx({ hash: result.hash })).height).toBe(result.height);
  });

  it('error: a malformed tx and a bad height answer CometBFT-shaped errors and blocks keep coming', async () => {
    const bad = await client.broadcastTxSync({ tx: new Uint8Array([1, 2, 3]) });
    expect(bad.code).not.toBe(0);
    expect(bad.codespace).toBe('sdk');
    await expect(client.block(1_000_000)).rejects.toThrow(
      /must be less than or equal to the current blockchain height/,
    );
    const before = (await client.status()).syncInfo.latestBlockHeight;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await client.status()).syncInfo.latestBlockHeight).toBeGreaterThan(before);
  });
});

describe('cosmjs subscriptions against the devnet /websocket', () => {
  let devnet: Devnet;
  let socket: WebsocketClient | undefined;
  let client: Comet38Client;

  beforeAll(async () => {
    devnet = await startLoopbackDevnet();
    socket = new WebsocketClient(devnet.rpcUrl.replace('http:', 'ws:'));
    client = Comet38Client.create(socket);
  });
  afterAll(async () => {
    if (socket !== undefined) closeCosmjsWebsocket(socket);
    await devnet?.stop();
  });

  function first<T>(stream: Stream<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      const subscription = stream.subscribe({
        next: (event) => {
          subscription.unsubscribe();
          resolve(event);
        },
        error: reject,
        complete: () => reject(new Error('stream completed without an event')),
      });
    });
  }

  it('default: subscribeNewBlock and subscribeNewBlockHeader deliver decodable events', async () => {
    const block = await first(client.subscribeNewBlock());
    expect(block.header.chainId).toBe('photon_9000-1');
    expect(block.header.height).toBeGreaterThan(0);
    const header = await first(client.subscribeNewBlockHeader());
    expect(header.height).toBeGreaterThan(0);
  });

  it('behavior: subscribeTx with an ethereum.recipient query sees the transfer and only it', async () => {
    const recipient = getAddress('0x000000000000000000000000000000000000cafe');
    const event = first(client.subscribeTx(`tm.event='Tx' AND ethereum.recipient='${recipient}'`));
    const wallet = Wallet.fromPhrase(DEV_MNEMONIC);
    const signed = await wallet.signTransaction({
      to: recipient,
      value: 7n,
      gasLimit: 21_000n,
      gasPrice: 10_000_000_000n,
      nonce: 0,
      chainId: 9000n,
      type: 0,
    });
    const broadcast = await client.broadcastTxSync({
      tx: wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' }),
    });
    expect(broadcast.code).toBe(0);
    const tx = await event;
    expect(Buffer.from(tx.hash)).toEqual(Buffer.from(broadcast.hash));
    expect(tx.result.code).toBe(0);
    expect(tx.height).toBeGreaterThan(0);
  });
});
