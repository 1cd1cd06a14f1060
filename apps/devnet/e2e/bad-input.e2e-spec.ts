// Bad input on the wire: each answer is shaped as CometBFT 0.38 and Ethermint shape it (an RPC error or
// a CheckTx code, check_tx agreeing with broadcast_tx_sync), and the chain keeps producing blocks.
import { QUERY_PATH, QueryBalanceRequest } from '@photon/ethermint-wire';
import { HDNodeWallet, type TransactionRequest, getBytes } from 'ethers';
import type { Devnet } from '../src/devnet';
import { startLoopbackDevnet } from './loopback-devnet';
import { DEV_DERIVATION_PATH, DEV_MNEMONIC } from '../src/evm';
import { CometWire, type TxResultJson, cosmosTxBase64 } from './comet-wire';

jest.setTimeout(60_000);

const GWEI = 10n ** 9n;
const TO = '0x000000000000000000000000000000000000bEEF';

describe('bad input on the devnet wire', () => {
  let devnet: Devnet;
  let wire: CometWire;
  let heightBefore: bigint;

  beforeAll(async () => {
    devnet = await startLoopbackDevnet();
    wire = new CometWire(devnet.rpcUrl);
  });
  beforeEach(async () => {
    heightBefore = await wire.latestHeight();
  });
  afterEach(async () => {
    // Whatever was sent, blocks keep coming.
    await wire.waitForHeightAbove(heightBefore);
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  const sign = async (index: number, tx: TransactionRequest) =>
    getBytes(
      await HDNodeWallet.fromPhrase(
        DEV_MNEMONIC,
        undefined,
        `${DEV_DERIVATION_PATH}/${index}`,
      ).signTransaction({
        type: 0,
        chainId: 9000n,
        to: TO,
        value: 1n,
        gasLimit: 21_000n,
        gasPrice: 10n * GWEI,
        ...tx,
      }),
    );

  /** broadcast_tx_sync and check_tx of the same bytes: the same code, codespace and log. */
  const refusal = async (tx: string) => {
    const broadcast = await wire.call<TxResultJson>('broadcast_tx_sync', { tx });
    const checked = await wire.call<TxResultJson>('check_tx', { tx });
    expect(checked).toEqual({
      code: broadcast.code,
      data: null,
      log: broadcast.log,
      info: '',
      gas_wanted: '0',
      gas_used: '0',
      events: [],
      codespace: broadcast.codespace,
    });
    return { code: broadcast.code, codespace: broadcast.codespace, log: broadcast.log };
  };

  it('error: tx bytes that are not base64 are invalid params, with Go’s decoder text', async () => {
    for (const method of ['broadcast_tx_sync', 'check_tx']) {
      expect(await wire.post(method, { tx: 'not base64!' })).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: 'error converting json params to arguments: illegal base64 data at input byte 3',
        },
      });
    }
  });

  it('error: base64 of garbage is a tx parse error (code 2)', async () => {
    const garbage = Buffer.from('garbage!').toString('base64');
    const answer = await refusal(garbage);
    expect(answer).toMatchObject({ code: 2, codespace: 'sdk' });
    expect(answer.log).toMatch(/: tx parse error$/);
    // The URI form takes 0x hex and answers the same.
    const viaGet = await wire.get(`check_tx?tx=0x${Buffer.from('garbage!').toString('hex')}`);
    expect(JSON.parse(viaGet.text)).toMatchObject({ result: { code: 2, log: answer.log } });
  });

  it('error: a tx signed for another chain id', async () => {
    const tx = cosmosTxBase64(await sign(1, { nonce: 0, chainId: 1n }));
    expect(await refusal(tx)).toEqual({
      code: 24,
      codespace: 'sdk',
      log: 'signature verification failed: invalid chain id for signer: have 1 want 9000: tx intended signer does not match the given signer',
    });
  });

  it('error: a nonce too high, then one too low, with Ethermint’s text', async () => {
    const tooHigh = cosmosTxBase64(await sign(2, { nonce: 7 }));
    expect(await refusal(tooHigh)).toEqual({
      code: 3,
      codespace: 'sdk',
      log: 'invalid nonce; got 7, expected 0: invalid sequence',
    });
    const first = await sign(2, { nonce: 0 });
    expect(await wire.broadcast(first)).toMatchObject({ code: 0 });
    await wire.waitForEthTx(first);
    const tooLow = cosmosTxBase64(await sign(2, { nonce: 0, value: 2n }));
    expect(await refusal(tooLow)).toEqual({
      code: 3,
      codespace: 'sdk',
      log: 'invalid nonce; got 0, expected 1: invalid sequence',
    });
  });

  it('error: the same tx again, pending or committed, is refused by the mempool cache', async () => {
    const tx = await sign(3, { nonce: 0 });
    const cached = {
      code: -32603,
      message: 'Internal error',
      data: 'tx already exists in cache',
    };
    expect(await wire.broadcast(tx)).toMatchObject({ code: 0 });
    expect((await wire.post('broadcast_tx_sync', { tx: cosmosTxBase64(tx) })).error).toEqual(cached);
    await wire.waitForEthTx(tx);
    expect((await wire.post('broadcast_tx_async', { tx: cosmosTxBase64(tx) })).error).toEqual(cached);
    // A refused tx leaves the cache: the same bytes are checked again, not called a duplicate.
    const tooHigh = cosmosTxBase64(await sign(3, { nonce: 9 }));
    expect(await refusal(tooHigh)).toMatchObject({ code: 3 });
    expect(await refusal(tooHigh)).toMatchObject({ code: 3 });
  });

  it('error: an unknown abci_query path is code 6 from the app', async () => {
    const answer = await wire.query(
      '/ethermint.evm.v1.Query/Nope',
      QueryBalanceRequest.encode({ address: TO }),
      0n,
    );
    expect(answer).toMatchObject({
      code: 6,
      codespace: 'sdk',
      log: 'unknown query path: unknown request',
      value: null,
    });
    // A known path still answers.
    expect(
      (await wire.query(QUERY_PATH.evmBalance, QueryBalanceRequest.encode({ address: TO }), 0n)).code,
    ).toBe(0);
  });

  it('error: an unknown RPC method, over POST and GET', async () => {
    expect(await wire.post('eth_blockNumber')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    });
    expect(await wire.get('eth_blockNumber')).toEqual({ status: 404, text: '404 page not found\n' });
  });

  it('error: a bare number for an int64 height, as CometBFT’s libs/json refuses it', async () => {
    const refused = {
      code: -32602,
      message: 'Invalid params',
      data: 'error converting json params to arguments: invalid 64-bit integer encoding "1", expected string',
    };
    for (const method of ['block', 'block_results', 'abci_query']) {
      expect((await wire.post(method, { height: 1 })).error).toEqual(refused);
    }
    // The string form, and a bare number in a URI call, are what CometBFT takes.
    expect((await wire.post('block', { height: '1' })).result).toMatchObject({
      block: { header: { height: '1' } },
    });
    const viaGet = await wire.get('block?height=1');
    expect(JSON.parse(viaGet.text)).toMatchObject({ result: { block: { header: { height: '1' } } } });
  });
});
