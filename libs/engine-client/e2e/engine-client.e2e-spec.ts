// The engine client against a real spawned `photon devnet`: Ethereum records rebuilt for a transfer, a contract
// creation, a log and a revert agree with what the engine says; a dead engine fails fast; the websocket comes
// back after the devnet restarts on the same port.
import {
  CometHttpClient,
  CometWebsocketClient,
  EngineUnavailableError,
  EthereumChainReader,
  EvmQueryClient,
  eventHeight,
  type CometEventMessage,
  type ReconnectInfo,
} from '../src';
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { freePort, spawnPhoton, waitFor, waitForDevnet, type PhotonProcess } from '@photon/testing';
import { type EthReceiptRecord, type Hex } from '@photon/types';
import { HDNodeWallet, Transaction, getBytes, getCreateAddress, parseEther } from 'ethers';

const MNEMONIC = 'test test test test test test test test test test test junk';
const CHAIN_ID = 9000n;
// The log probe of src/testing/fixtures/log-probe.json: no calldata → LOG1 Ping(address caller); calldata → revert.
const PROBE_INIT =
  '0x603580600b6000396000f336602f57336000527ffee8775ba9b0f00b87db291c081d99de518bdebb6ccfa2482cc5882fe69307e560206000a1005b60006000fd';
const PROBE_RUNTIME = `0x${PROBE_INIT.slice(2 + 22)}`;
const PING_TOPIC = '0xfee8775ba9b0f00b87db291c081d99de518bdebb6ccfa2482cc5882fe69307e5';

const wallet = (i: number) => HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`);

async function startDevnet(port: number): Promise<PhotonProcess> {
  const devnet = spawnPhoton(['devnet', '--devnet-laddr', `tcp://127.0.0.1:${port}`, '--block-time', '100']);
  await waitForDevnet(`http://127.0.0.1:${port}`, devnet);
  return devnet;
}

describe('engine-client against the devnet', () => {
  let port: number;
  let devnet: PhotonProcess;
  let comet: CometHttpClient;
  let evm: EvmQueryClient;
  let reader: EthereumChainReader;
  const nonces = new Map<string, number>();

  beforeAll(async () => {
    port = await freePort();
    devnet = await startDevnet(port);
    comet = new CometHttpClient(`tcp://127.0.0.1:${port}`, { timeoutMs: 5_000 });
    evm = new EvmQueryClient(comet);
    reader = new EthereumChainReader(comet, evm);
  });

  afterAll(async () => {
    comet.close();
    await devnet.stop();
  });

  async function send(signer: HDNodeWallet, fields: Record<string, unknown>): Promise<Hex> {
    const nonce =
      nonces.get(signer.address) ?? Number((await evm.account(signer.address.toLowerCase() as Hex)).nonce);
    nonces.set(signer.address, nonce + 1);
    const baseFee = (await evm.baseFee()) ?? 0n;
    const signed = await signer.signTransaction({
      chainId: CHAIN_ID,
      nonce,
      type: 2,
      maxFeePerGas: baseFee * 2n + 1_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      ...fields,
    });
    const answer = await comet.broadcastTxSync(
      wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' }),
    );
    expect(answer).toMatchObject({ code: 0 });
    return Transaction.from(signed).hash as Hex;
  }

  async function mined(hash: Hex): Promise<EthReceiptRecord> {
    let receipt: EthReceiptRecord | null = null;
    await waitFor(async () => (receipt = await reader.receipt(hash)) !== null, {
      what: `receipt of ${hash}`,
    });
    if (receipt === null) throw new Error('unreachable');
    return receipt;
  }

  /** The reconstructed block holding `receipt` agrees with the CometBFT block and with the receipt. */
  async function expectConsistent(receipt: EthReceiptRecord): Promise<void> {
    const cometBlock = await comet.block(receipt.blockNumber);
    const block = await reader.blockByNumber(receipt.blockNumber);
    expect(block?.block.hash).toBe(cometBlock.blockId.hash);
    expect(receipt.blockHash).toBe(cometBlock.blockId.hash);
    expect(block?.block.parentHash).toBe(cometBlock.block.header.lastBlockId.hash);
    const tx = block?.block.transactions[receipt.transactionIndex];
    expect(tx?.hash).toBe(receipt.transactionHash);
    expect(tx?.position).toMatchObject({
      blockHash: cometBlock.blockId.hash,
      blockNumber: receipt.blockNumber,
    });
    expect(block?.receipts[receipt.transactionIndex]).toEqual(receipt);
    expect(await reader.transactionByHash(receipt.transactionHash)).toEqual(tx);
    expect(await reader.blockByHash(cometBlock.blockId.hash)).toEqual(block);
    for (const log of receipt.logs) expect(log.blockHash).toBe(cometBlock.blockId.hash);
  }

  it('default: a transfer', async () => {
    const to = wallet(5).address.toLowerCase() as Hex;
    const before = await evm.balance(to);
    const hash = await send(wallet(1), { to, value: parseEther('1'), gasLimit: 21_000n });
    const receipt = await mined(hash);
    expect(receipt).toMatchObject({ status: 1, gasUsed: 21_000n, to, contractAddress: null, logs: [] });
    expect(await evm.balance(to, receipt.blockNumber)).toBe(before + parseEther('1'));
    await expectConsistent(receipt);
  });

  it('behavior: a creation, a call with a log and a revert', async () => {
    const deployer = wallet(2);
    const contract = getCreateAddress({ from: deployer.address, nonce: nonces.get(deployer.address) ?? 0 });
    const creation = await mined(await send(deployer, { data: PROBE_INIT, gasLimit: 200_000n }));
    expect(creation).toMatchObject({ status: 1, to: null, contractAddress: contract.toLowerCase() });
    expect(await evm.code(contract.toLowerCase() as Hex)).toBe(PROBE_RUNTIME);
    await expectConsistent(creation);

    const [logHash, revertHash] = [
      await send(deployer, { to: contract, data: '0x', gasLimit: 60_000n }),
      await send(deployer, { to: contract, data: '0x01', gasLimit: 60_000n }),
    ];
    const log = await mined(logHash);
    const reverted = await mined(revertHash);
    expect(log.status).toBe(1);
    expect(log.logs).toEqual([
      expect.objectContaining({
        address: contract.toLowerCase(),
        topics: [PING_TOPIC],
        data: `0x${'00'.repeat(12)}${deployer.address.slice(2).toLowerCase()}`,
        transactionHash: logHash,
        transactionIndex: log.transactionIndex,
      }),
    ]);
    expect(reverted).toMatchObject({ status: 0, logs: [] });
    await expectConsistent(log);
    await expectConsistent(reverted);
    const blockLogs = await reader.blockLogs(log.blockNumber);
    expect(blockLogs).toEqual((await reader.blockReceipts(log.blockNumber))?.flatMap((r) => r.logs));
  });

  it('behavior: blocks name the validator operator as miner, with a gas limit and a size', async () => {
    const block = await reader.blockByNumber(1n);
    expect(block?.block.miner).toBe(wallet(0).address.toLowerCase());
    expect(block?.block.gasLimit).toBeGreaterThan(0n);
    expect(block?.block.size).toBeGreaterThan(0n);
  });

  it('error: a dead engine answers EngineUnavailableError within the timeout', async () => {
    const deadPort = await freePort();
    const dead = new CometHttpClient(`tcp://127.0.0.1:${deadPort}`, { timeoutMs: 2_000 });
    const started = Date.now();
    await expect(
      new EthereumChainReader(dead, new EvmQueryClient(dead)).blockByNumber(1n),
    ).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(
      new EvmQueryClient(dead).balance(wallet(0).address.toLowerCase() as Hex),
    ).rejects.toBeInstanceOf(EngineUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
    dead.close();
  });
});

describe('engine websocket across a devnet restart', () => {
  it('behavior: the subscription comes back on the same port and reports the reconnect', async () => {
    const port = await freePort();
    let devnet = await startDevnet(port);
    const client = new CometWebsocketClient(`tcp://127.0.0.1:${port}`, {
      initialBackoffMs: 50,
      maxBackoffMs: 500,
    });
    const events: CometEventMessage[] = [];
    const reconnects: ReconnectInfo[] = [];
    client.onReconnect((info) => reconnects.push(info));
    try {
      await client.subscribe("tm.event='NewBlock'", (event) => events.push(event));
      await waitFor(() => Promise.resolve(events.length > 0), { what: 'a NewBlock event' });
      expect(eventHeight(events[0]!)).toBeGreaterThan(0n);
      await devnet.stop();
      await waitFor(() => Promise.resolve(!client.connected), { what: 'the loss noticed' });
      const before = events.length;
      devnet = await startDevnet(port);
      await waitFor(() => Promise.resolve(reconnects.length === 1), { what: 'reconnect', timeoutMs: 15_000 });
      expect(reconnects[0]).toMatchObject({ cause: 'connection', queries: ["tm.event='NewBlock'"] });
      await waitFor(() => Promise.resolve(events.length > before), { what: 'events after the restart' });
    } finally {
      await client.close();
      await devnet.stop();
    }
  });
});
