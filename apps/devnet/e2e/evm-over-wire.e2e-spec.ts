// The EVM application proven over the wire, as an outside client sees it: ethers-signed txs wrapped in
// Cosmos txs go in through broadcast_tx_sync, and their events, logs, gas and state come back through
// tx_search, block_results and abci_query at the new height and at the height before.
import {
  EthCallRequest,
  MsgEthereumTxResponse,
  QUERY_PATH,
  QueryAccountRequest,
  QueryAccountResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryCodeRequest,
  QueryCodeResponse,
  QueryStorageRequest,
  QueryStorageResponse,
  decodeTxMsgData,
} from '@photon/ethermint-wire';
import {
  AbiCoder,
  HDNodeWallet,
  ZeroHash,
  concat,
  getAddress,
  getBytes,
  getCreateAddress,
  hexlify,
  keccak256,
  sha256,
  toBeHex,
  type TransactionRequest,
} from 'ethers';
import type { Devnet } from '../src/devnet';
import { startLoopbackDevnet } from './loopback-devnet';
import { DEV_DERIVATION_PATH, DEV_MNEMONIC } from '../src/evm';
import {
  PROBE_INIT_CODE,
  PROBE_REVERT_REASON,
  PROBE_RUNTIME,
  Probe,
  STORED_TOPIC,
  probeCall,
} from '../src/evm/testing/probe-contract';
import {
  CometWire,
  type TxJson,
  type TxResultJson,
  attribute,
  cosmosTxBase64,
  eventRecord,
} from './comet-wire';

jest.setTimeout(60_000);

const GWEI = 10n ** 9n;
const RECIPIENT = getAddress(`0x${'c0ffee'.padStart(40, '0')}`);

/** Dev account `index` as an ethers wallet, derived from the documented mnemonic. */
const devWallet = (index: number) =>
  HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, `${DEV_DERIVATION_PATH}/${index}`);

/** An EIP-1559 tx for chain 9000, signed: the EIP-2718 bytes. */
async function sign(wallet: HDNodeWallet, tx: TransactionRequest): Promise<Uint8Array> {
  return getBytes(
    await wallet.signTransaction({
      type: 2,
      chainId: 9000n,
      maxFeePerGas: 10n * GWEI,
      maxPriorityFeePerGas: 2n * GWEI,
      ...tx,
    }),
  );
}

describe('the EVM application over the CometBFT wire', () => {
  let devnet: Devnet;
  let wire: CometWire;

  beforeAll(async () => {
    devnet = await startLoopbackDevnet();
    wire = new CometWire(devnet.rpcUrl);
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  const balanceAt = async (address: string, height: bigint) => {
    const answer = await wire.query(QUERY_PATH.evmBalance, QueryBalanceRequest.encode({ address }), height);
    expect(answer).toMatchObject({ code: 0, height: height.toString() });
    return BigInt(QueryBalanceResponse.decode(answer.bytes).balance);
  };
  const accountAt = async (address: string, height: bigint) => {
    const answer = await wire.query(QUERY_PATH.evmAccount, QueryAccountRequest.encode({ address }), height);
    return QueryAccountResponse.decode(answer.bytes);
  };
  const codeAt = async (address: string, height: bigint) => {
    const answer = await wire.query(QUERY_PATH.evmCode, QueryCodeRequest.encode({ address }), height);
    return hexlify(QueryCodeResponse.decode(answer.bytes).code);
  };
  const storageAt = async (address: string, key: string, height: bigint) => {
    const request = QueryStorageRequest.encode({ address, key });
    const answer = await wire.query(QUERY_PATH.evmStorage, request, height);
    return QueryStorageResponse.decode(answer.bytes).value;
  };
  const ethCall = async (args: Record<string, string>, height: bigint) => {
    const request = EthCallRequest.fromPartial({
      args: Buffer.from(JSON.stringify(args)),
      gasCap: 25_000_000n,
      chainId: 9000n,
    });
    const answer = await wire.query(QUERY_PATH.evmEthCall, EthCallRequest.encode(request), height);
    expect(answer.code).toBe(0);
    return MsgEthereumTxResponse.decode(answer.bytes);
  };
  const blockResultAt = async (included: TxJson) => {
    const results = await wire.call<{ txs_results: TxResultJson[]; finalize_block_events: [] }>(
      'block_results',
      { height: included.height },
    );
    return { tx: results.txs_results[included.index]!, finalize: results.finalize_block_events };
  };

  it('default: check_tx answers a good tx in the ResponseCheckTx shape and admits nothing', async () => {
    const signed = await sign(devWallet(4), { nonce: 0, to: RECIPIENT, value: 1n, gasLimit: 21_000n });
    const tx = cosmosTxBase64(signed);
    expect(await wire.call('check_tx', { tx })).toEqual({
      code: 0,
      data: null,
      log: '[]',
      info: '',
      gas_wanted: '21000',
      gas_used: '0',
      events: [],
      codespace: '',
    });
    // The URI form answers the same, and still nothing waits in the mempool.
    const viaGet = await wire.get(`check_tx?tx=0x${Buffer.from(tx, 'base64').toString('hex')}`);
    expect(JSON.parse(viaGet.text)).toMatchObject({ id: -1, result: { code: 0, gas_wanted: '21000' } });
    expect(await wire.call('num_unconfirmed_txs')).toMatchObject({ n_txs: '0', total: '0' });
    // Checking took nothing from the check state: the same tx is still admitted.
    expect(await wire.broadcast(signed)).toMatchObject({ code: 0 });
    await wire.waitForEthTx(signed);
  });

  it('behavior: a signed transfer shows up with its events, and balances and nonce move at its height', async () => {
    const sender = devWallet(1);
    const value = 123_456_789n;
    const signed = await sign(sender, { nonce: 0, to: RECIPIENT, value, gasLimit: 21_000n });
    const broadcast = await wire.broadcast(signed);
    const cosmosTx = Buffer.from(cosmosTxBase64(signed), 'base64');
    expect(broadcast).toEqual({
      code: 0,
      data: '',
      log: '[]',
      codespace: '',
      hash: sha256(cosmosTx).slice(2).toUpperCase(),
    });

    const included = await wire.waitForEthTx(signed);
    const height = BigInt(included.height);
    expect(included.hash).toBe(broadcast.hash);
    const byHash = await wire.call<TxJson>('tx', {
      hash: Buffer.from(broadcast.hash, 'hex').toString('base64'),
    });
    expect(byHash).toEqual(included);
    expect(included.tx_result).toMatchObject({ code: 0, gas_wanted: '21000', gas_used: '21000' });

    const { tx, finalize } = await blockResultAt(included);
    expect(tx).toEqual(included.tx_result);
    expect(eventRecord(tx.events, 'ethereum_tx')).toEqual({
      amount: value.toString(),
      ethereumTxHash: keccak256(signed),
      txIndex: String(included.index),
      txGasUsed: '21000',
      txHash: broadcast.hash,
      recipient: RECIPIENT,
    });
    expect(eventRecord(tx.events, 'ethereum')).toEqual({ sender: sender.address, recipient: RECIPIENT });
    expect(eventRecord(tx.events, 'message')).toMatchObject({
      module: 'evm',
      sender: sender.address,
      txType: '2',
    });

    // The sender pays value + gas used × (base fee + tip, capped by the fee cap) of the block.
    const baseFee = BigInt(attribute(finalize, 'fee_market', 'base_fee')!);
    const tip = baseFee + 2n * GWEI < 10n * GWEI ? 2n * GWEI : 10n * GWEI - baseFee;
    const before = height - 1n;
    expect((await balanceAt(sender.address, before)) - (await balanceAt(sender.address, height))).toBe(
      value + 21_000n * (baseFee + tip),
    );
    expect((await balanceAt(RECIPIENT, height)) - (await balanceAt(RECIPIENT, before))).toBe(value);
    expect((await accountAt(sender.address, before)).nonce).toBe(0n);
    expect(await accountAt(sender.address, height)).toMatchObject({
      nonce: 1n,
      balance: (await balanceAt(sender.address, height)).toString(),
    });
  });

  it('behavior: a contract deploy and a call carry their code, storage, logs and gas', async () => {
    const deployer = devWallet(2);
    const contract = getCreateAddress({ from: deployer.address, nonce: 0 });

    const deploy = await sign(deployer, { nonce: 0, data: hexlify(PROBE_INIT_CODE), gasLimit: 300_000n });
    expect(await wire.broadcast(deploy)).toMatchObject({ code: 0 });
    const deployed = await wire.waitForEthTx(deploy);
    const deployHeight = BigInt(deployed.height);
    expect(attribute(deployed.tx_result.events, 'ethereum_tx', 'recipient')).toBe(contract);
    const [creation] = decodeTxMsgData(Buffer.from(deployed.tx_result.data!, 'base64'));
    expect(creation).toMatchObject({ hash: keccak256(deploy), vmError: '', ret: PROBE_RUNTIME });
    expect(await codeAt(contract, deployHeight)).toBe(hexlify(PROBE_RUNTIME));
    expect(await codeAt(contract, deployHeight - 1n)).toBe('0x');

    const call = await sign(deployer, {
      nonce: 1,
      to: contract,
      data: hexlify(probeCall(Probe.store, 42n)),
      gasLimit: 100_000n,
    });
    expect(await wire.broadcast(call)).toMatchObject({ code: 0 });
    const included = await wire.waitForEthTx(call);
    const height = BigInt(included.height);
    const result = included.tx_result;
    const block = await wire.call<{ block_id: { hash: string } }>('block', { height: included.height });
    const blockHash = `0x${block.block_id.hash.toLowerCase()}`;

    // tx_result.data: TxMsgData → MsgEthereumTxResponse, with the log as Ethermint stores it.
    const responses = decodeTxMsgData(Buffer.from(result.data!, 'base64'));
    expect(responses).toHaveLength(1);
    const response = responses[0]!;
    expect(response).toMatchObject({ hash: keccak256(call), vmError: '', ret: new Uint8Array() });
    expect(response.logs).toEqual([
      {
        address: contract.toLowerCase(),
        topics: [STORED_TOPIC],
        data: getBytes(toBeHex(42n, 32)),
        blockNumber: height,
        txHash: keccak256(call),
        txIndex: BigInt(included.index),
        blockHash,
        index: 0n,
        removed: false,
      },
    ]);
    // Gas: the response, the ABCI result and the event agree; gas wanted is the tx's limit.
    expect(result).toMatchObject({ code: 0, gas_wanted: '100000', gas_used: response.gasUsed.toString() });
    expect(attribute(result.events, 'ethereum_tx', 'txGasUsed')).toBe(response.gasUsed.toString());
    expect(response.gasUsed).toBeGreaterThan(21_000n);
    expect(response.gasUsed).toBeLessThan(100_000n);
    // The older line's tx_log event carries the same log as JSON.
    expect(JSON.parse(attribute(result.events, 'tx_log', 'txLog')!)).toEqual({
      address: contract,
      topics: [STORED_TOPIC],
      data: Buffer.from(getBytes(toBeHex(42n, 32))).toString('base64'),
      blockNumber: Number(height),
      transactionHash: keccak256(call),
      transactionIndex: included.index,
      blockHash,
      logIndex: 0,
      removed: false,
    });

    expect(await storageAt(contract, ZeroHash, height)).toBe(toBeHex(42n, 32));
    expect(await storageAt(contract, ZeroHash, height - 1n)).toBe(ZeroHash);
    const get = { from: deployer.address, to: contract, data: hexlify(probeCall(Probe.get)) };
    expect(hexlify((await ethCall(get, height)).ret)).toBe(toBeHex(42n, 32));
    expect(hexlify((await ethCall(get, height - 1n)).ret)).toBe(ZeroHash);

    // A reverting call is an answer: vm_error and the revert data, Error("boom").
    const reverted = await ethCall(
      { from: deployer.address, to: contract, data: hexlify(probeCall(Probe.fail)) },
      0n,
    );
    expect(reverted.vmError).toBe('execution reverted');
    expect(hexlify(reverted.ret)).toBe(
      concat(['0x08c379a0', AbiCoder.defaultAbiCoder().encode(['string'], [PROBE_REVERT_REASON])]),
    );
  });
});
