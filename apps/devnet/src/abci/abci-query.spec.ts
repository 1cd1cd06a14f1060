import {
  bech32Encode,
  EstimateGasResponse,
  EthAccount,
  EthCallRequest,
  FeeMarketQueryParamsResponse,
  MsgEthereumTxResponse,
  QUERY_PATH,
  QueryAccountRequest,
  QueryAccountResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryBaseFeeResponse,
  QueryCodeRequest,
  QueryCodeResponse,
  QueryParamsResponse,
  QueryStorageRequest,
  QueryStorageResponse,
  QueryValidatorAccountRequest,
  QueryValidatorAccountResponse,
} from '@photon/ethermint-wire';
import {
  QueryAccountRequest as AuthAccountRequest,
  QueryAccountResponse as AuthAccountResponse,
} from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { getAddress, hexlify, keccak256 } from 'ethers';
import { DEV_ACCOUNT_BALANCE, EvmChain, type Hex } from '../evm';
import {
  PROBE_RUNTIME,
  PROBE_INIT_CODE,
  Probe,
  probeCall,
  PROBE_REVERT_REASON,
} from '../evm/testing/probe-contract';
import { devAddress, devWallet, GWEI, signTx } from '../evm/testing/sign';
import { callErrorMessage } from '../evm';
import { abciQuery, type AbciQueryRequest } from './abci-query';
import { type AbciQueryResponse } from './query-response';

/** The validator's consensus address, also the proposer (COINBASE) of the blocks below. */
const VALIDATOR = new Uint8Array(20).fill(0xab);
const RECIPIENT: Hex = `0x${'11'.repeat(20)}`;
const EMPTY_CODE_HASH = keccak256(new Uint8Array());
const word = (value: bigint): Uint8Array => probeCall(Probe.store, value).subarray(1);
const ethm = (address: Hex): string => bech32Encode('ethm', Buffer.from(address.slice(2), 'hex'));

interface Fixture {
  chain: EvmChain;
  probe: Hex;
  /** Gas price × gas of dev account 0's transfer at height 2. */
  transferCost: bigint;
}

/** Height 1 deploys the probe (dev account 1); height 2 stores 7 in it and moves 1000 wei from dev account 0. */
async function devnet(): Promise<Fixture> {
  const chain = await EvmChain.create();
  const fees = { gasPrice: 2n * GWEI };
  await chain.checkTx(
    await signTx(devWallet(1), { nonce: 0, data: PROBE_INIT_CODE, gasLimit: 200_000n, ...fees }),
  );
  const deployed = await chain.produceBlock({ height: 1, timestamp: 1_700_000_001, proposer: VALIDATOR });
  const probe = deployed.txs[0]?.contractAddress as Hex;
  await chain.checkTx(
    await signTx(devWallet(1), {
      nonce: 1,
      to: probe,
      data: probeCall(Probe.store, 7n),
      gasLimit: 100_000n,
      ...fees,
    }),
  );
  await chain.checkTx(await signTx(devWallet(0), { nonce: 0, to: RECIPIENT, value: 1000n, ...fees }));
  await chain.produceBlock({ height: 2, timestamp: 1_700_000_002, proposer: VALIDATOR });
  return { chain, probe, transferCost: 21_000n * 2n * GWEI };
}

function query(
  chain: EvmChain,
  req: Partial<AbciQueryRequest> & { path: string },
): Promise<AbciQueryResponse> {
  return abciQuery(
    chain,
    { data: new Uint8Array(), height: 0n, prove: false, ...req },
    // No case here is about the EVM timeout (call.spec has those): a loop run to a gas cap must end at the
    // cap even when a loaded CI box runs it slower than the default 5 s allows.
    { validatorAddress: VALIDATOR, evmTimeoutMs: 120_000 },
  );
}

/** The value of a successful answer (asserting it is one). */
function value(answer: AbciQueryResponse): Uint8Array {
  expect(answer.response).toMatchObject({ code: 0, log: '' });
  return Buffer.from(answer.response.value ?? '', 'base64');
}

const callRequest = (args: object, gasCap = 25_000_000n): Uint8Array =>
  EthCallRequest.encode(
    EthCallRequest.fromPartial({ args: Buffer.from(JSON.stringify(args)), gasCap, chainId: 9000n }),
  );

describe(abciQuery.name, () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await devnet();
  });

  it('default', async () => {
    const data = QueryBalanceRequest.encode({ address: devAddress(0) });
    const answer = await query(fx.chain, { path: QUERY_PATH.evmBalance, data });
    expect(answer).toEqual({
      response: {
        code: 0,
        log: '',
        info: '',
        index: '0',
        key: null,
        value: expect.any(String),
        proofOps: null,
        height: '2',
        codespace: '',
      },
    });
    expect(QueryBalanceResponse.decode(value(answer)).balance).toBe(
      (DEV_ACCOUNT_BALANCE - 1000n - fx.transferCost).toString(),
    );
    // The height before the transfer.
    const before = await query(fx.chain, { path: QUERY_PATH.evmBalance, data, height: 1n });
    expect(before.response.height).toBe('1');
    expect(QueryBalanceResponse.decode(value(before)).balance).toBe(DEV_ACCOUNT_BALANCE.toString());
  });

  it('behavior: Account, Code and Storage at the latest height and the one before', async () => {
    const { chain, probe } = fx;
    const account = (address: Hex, height = 0n) =>
      query(chain, { path: QUERY_PATH.evmAccount, data: QueryAccountRequest.encode({ address }), height });
    expect(QueryAccountResponse.decode(value(await account(devAddress(0))))).toEqual({
      balance: (DEV_ACCOUNT_BALANCE - 1000n - fx.transferCost).toString(),
      codeHash: EMPTY_CODE_HASH,
      nonce: 1n,
    });
    expect(QueryAccountResponse.decode(value(await account(devAddress(0), 1n))).nonce).toBe(0n);
    expect(QueryAccountResponse.decode(value(await account(probe))).codeHash).toBe(keccak256(PROBE_RUNTIME));
    // An address never used: zero balance, nonce 0, the empty code hash (GetAccountOrEmpty).
    expect(QueryAccountResponse.decode(value(await account(`0x${'44'.repeat(20)}`)))).toEqual({
      balance: '0',
      codeHash: EMPTY_CODE_HASH,
      nonce: 0n,
    });

    const code = (address: string) =>
      query(chain, { path: QUERY_PATH.evmCode, data: QueryCodeRequest.encode({ address }) });
    expect(QueryCodeResponse.decode(value(await code(probe))).code).toEqual(PROBE_RUNTIME);
    // No code: an empty message, so the value is "" rather than null.
    expect((await code(devAddress(0))).response.value).toBe('');

    const slot = async (key: string, height = 0n) =>
      QueryStorageResponse.decode(
        value(
          await query(chain, {
            path: QUERY_PATH.evmStorage,
            data: QueryStorageRequest.encode({ address: probe.toUpperCase().replace('0X', '0x'), key }),
            height,
          }),
        ),
      ).value;
    expect(await slot('0x0')).toBe(`0x${'00'.repeat(31)}07`);
    // geth's HexToHash: no prefix, odd length, and more than 32 bytes (the last 32 count) all read slot 0.
    expect(await slot('0')).toBe(`0x${'00'.repeat(31)}07`);
    expect(await slot(`0x01${'00'.repeat(32)}`)).toBe(`0x${'00'.repeat(31)}07`);
    expect(await slot('0x0', 1n)).toBe(`0x${'00'.repeat(32)}`);
  });

  it('behavior: the x/evm and x/feemarket params and the base fee', async () => {
    const { chain } = fx;
    const params = QueryParamsResponse.decode(
      value(await query(chain, { path: QUERY_PATH.evmParams })),
    ).params;
    expect(params).toMatchObject({
      evmDenom: 'aphoton',
      enableCreate: true,
      enableCall: true,
      extraEips: [],
      allowUnprotectedTxs: false,
      headerHashNum: 256n,
    });
    expect(params?.chainConfig).toMatchObject({
      londonBlock: '0',
      cancunTime: '0',
      pragueTime: '',
      daoForkSupport: true,
    });

    const feeMarket = FeeMarketQueryParamsResponse.decode(
      value(await query(chain, { path: QUERY_PATH.feemarketParams, height: 1n })),
    ).params;
    expect(feeMarket).toEqual({
      noBaseFee: false,
      baseFeeChangeDenominator: 8,
      elasticityMultiplier: 2,
      enableHeight: 0n,
      baseFee: chain.baseFee(1).toString(),
      minGasPrice: '0',
      minGasMultiplier: '500000000000000000',
    });

    const baseFee = (height: bigint) =>
      query(chain, { path: QUERY_PATH.evmBaseFee, height }).then((answer) =>
        QueryBaseFeeResponse.decode(value(answer)),
      );
    expect(await baseFee(2n)).toEqual({ baseFee: chain.baseFee(2).toString() });
    expect(await baseFee(1n)).toEqual({ baseFee: '875000000' });
  });

  it('behavior: EthCall returns the return data; a revert is an answer carrying vm_error and the revert data', async () => {
    const { chain, probe } = fx;
    const call = async (args: object, height = 0n) =>
      MsgEthereumTxResponse.decode(
        value(await query(chain, { path: QUERY_PATH.evmEthCall, data: callRequest(args), height })),
      );
    const got = await call({ to: probe, data: `0x0${Probe.get}` });
    expect(got).toMatchObject({ ret: word(7n), vmError: '', hash: `0x${'00'.repeat(32)}`, logs: [] });
    // Ethermint reports at least gas limit × min_gas_multiplier (0.5) as used.
    expect(got.gasUsed).toBe(12_500_000n);
    expect((await call({ to: probe, input: `0x0${Probe.get}`, data: '0x' }, 1n)).ret).toEqual(word(0n));

    const reverted = await call({ to: probe, data: `0x0${Probe.fail}`, gas: '0x186a0' });
    expect(reverted.vmError).toBe('execution reverted');
    expect(callErrorMessage(reverted.vmError, reverted.ret)).toBe(
      `execution reverted: ${PROBE_REVERT_REASON}`,
    );
    expect(reverted.gasUsed).toBe(50_000n);

    const stored = await call({ to: probe, data: hexlify(probeCall(Probe.store, 9n)) });
    expect(stored.logs).toEqual([
      {
        address: probe,
        topics: [expect.stringMatching(/^0x[0-9a-f]{64}$/)],
        data: word(9n),
        blockNumber: 2n,
        txHash: `0x${'00'.repeat(32)}`,
        txIndex: 0n,
        blockHash: `0x${'00'.repeat(32)}`,
        index: 0n,
        removed: false,
      },
    ]);
  });

  it('behavior: EstimateGas of a transfer is 21000; a revert comes back as ret and vm_error', async () => {
    const { chain, probe } = fx;
    const estimate = async (args: object) =>
      EstimateGasResponse.decode(
        value(await query(chain, { path: QUERY_PATH.evmEstimateGas, data: callRequest(args) })),
      );
    expect(await estimate({ from: devAddress(0), to: RECIPIENT, value: '0x1' })).toEqual({
      gas: 21_000n,
      ret: new Uint8Array(),
      vmError: '',
    });
    const reverted = await estimate({ to: probe, data: `0x0${Probe.fail}` });
    expect(reverted.gas).toBe(0n);
    expect(callErrorMessage(reverted.vmError, reverted.ret)).toBe(
      `execution reverted: ${PROBE_REVERT_REASON}`,
    );
  });

  it('behavior: cosmos auth Account is an EthAccount with the code hash', async () => {
    const { chain, probe } = fx;
    const account = async (address: string, height = 0n) => {
      const answer = await query(chain, {
        path: QUERY_PATH.authAccount,
        data: AuthAccountRequest.encode({ address }).finish(),
        height,
      });
      const any = AuthAccountResponse.decode(value(answer)).account;
      expect(any?.typeUrl).toBe('/ethermint.types.v1.EthAccount');
      return EthAccount.decode(any?.value ?? new Uint8Array());
    };
    expect(await account(ethm(devAddress(0)))).toEqual({
      baseAccount: { address: ethm(devAddress(0)), accountNumber: 0n, sequence: 1n, pubKey: undefined },
      codeHash: EMPTY_CODE_HASH,
    });
    expect((await account(ethm(devAddress(0)), 1n)).baseAccount?.sequence).toBe(0n);
    expect((await account(ethm(devAddress(3)))).baseAccount?.accountNumber).toBe(3n);
    expect(await account(ethm(probe).toUpperCase())).toMatchObject({
      baseAccount: { address: ethm(probe), sequence: 1n },
      codeHash: keccak256(PROBE_RUNTIME),
    });
  });

  it('behavior: ValidatorAccount maps the consensus address to the operator account', async () => {
    const answer = await query(fx.chain, {
      path: QUERY_PATH.evmValidatorAccount,
      data: QueryValidatorAccountRequest.encode({ consAddress: bech32Encode('ethmvalcons', VALIDATOR) }),
    });
    expect(QueryValidatorAccountResponse.decode(value(answer))).toEqual({
      accountAddress: ethm(devAddress(0)),
      sequence: 1n,
      accountNumber: 0n,
    });
  });

  it('behavior: /app/version answers whatever the height, /p2p/filter accepts every peer', async () => {
    const version = await query(fx.chain, { path: '/app/version', height: 99n });
    expect(version.response).toMatchObject({ code: 0, codespace: 'sdk', height: '99' });
    expect(Buffer.from(version.response.value ?? '', 'base64').toString()).toMatch(/^\d+\.\d+\.\d+/);
    expect((await query(fx.chain, { path: '/p2p/filter/id/abc' })).response).toMatchObject({
      code: 0,
      value: null,
      height: '0',
      codespace: '',
    });
  });

  it('error: unknown paths', async () => {
    const unknown = async (path: string) => (await query(fx.chain, { path })).response;
    expect(await unknown('/ethermint.evm.v1.Query/NoSuchMethod')).toEqual({
      code: 6,
      log: 'unknown query path: unknown request',
      info: '',
      index: '0',
      key: null,
      value: null,
      proofOps: null,
      height: '0',
      codespace: 'sdk',
    });
    expect(await unknown('')).toMatchObject({ code: 6, log: 'no query path provided: unknown request' });
    expect(await unknown('/app/foo')).toMatchObject({
      code: 6,
      log: 'unknown query: [app foo]: unknown request',
    });
    expect(await unknown('/cosmos.tx.v1beta1.Service/BroadcastTx')).toMatchObject({
      code: 18,
      log: "can't route a broadcast tx message: invalid request",
    });
  });

  it('error: heights in the future, negative, or at most 1 with a proof', async () => {
    const data = QueryBalanceRequest.encode({ address: devAddress(0) });
    const at = async (height: bigint, prove = false) =>
      (await query(fx.chain, { path: QUERY_PATH.evmBalance, data, height, prove })).response;
    expect(await at(3n)).toMatchObject({
      code: 26,
      codespace: 'sdk',
      log: 'cannot query with height in the future; please provide a valid height: invalid height',
      height: '0',
      value: null,
    });
    expect(await at(-1n)).toMatchObject({
      code: 18,
      log: 'cannot query with height < 0; please provide a valid height: invalid request',
    });
    expect(await at(1n, true)).toMatchObject({
      code: 18,
      log: 'cannot query with proof when height <= 1; please provide a valid height: invalid request',
    });
    expect((await at(2n, true)).code).toBe(0);
  });

  it('error: no query before the first block', async () => {
    const chain = await EvmChain.create();
    const answer = await query(chain, {
      path: QUERY_PATH.evmBalance,
      data: QueryBalanceRequest.encode({ address: devAddress(0) }),
    });
    expect(answer.response).toMatchObject({
      code: 26,
      codespace: 'sdk',
      log: 'photon-devnet is not ready; please wait for first block: invalid height',
      height: '0',
    });
  });

  it('error: malformed request bytes', async () => {
    const answer = await query(fx.chain, {
      path: QUERY_PATH.evmBalance,
      data: Uint8Array.from([0x0a, 0x05, 0x30]),
    });
    expect(answer.response).toMatchObject({
      code: 18,
      codespace: 'sdk',
      log: 'unexpected EOF: invalid request',
      height: '2',
      value: null,
    });
    const wrongType = await query(fx.chain, {
      path: QUERY_PATH.evmEthCall,
      data: Uint8Array.from([0x08, 0x01]),
    });
    expect(wrongType.response.log).toBe('proto: wrong wireType = 0 for field Args: invalid request');
  });

  it('error: addresses the queries refuse', async () => {
    const { chain } = fx;
    const evmAccount = await query(chain, {
      path: QUERY_PATH.evmAccount,
      data: QueryAccountRequest.encode({ address: 'ethm1xyz' }),
    });
    expect(evmAccount.response).toMatchObject({
      code: 18,
      log: "rpc error: code = InvalidArgument desc = address 'ethm1xyz' is not a valid ethereum hex address: invalid address: invalid request",
      height: '2',
    });
    const balance = await query(chain, {
      path: QUERY_PATH.evmBalance,
      data: QueryBalanceRequest.encode({ address: '0x12' }),
    });
    expect(balance.response.log).toBe(
      'rpc error: code = InvalidArgument desc = invalid zero address: invalid request',
    );

    const auth = async (address: string) =>
      (
        await query(chain, {
          path: QUERY_PATH.authAccount,
          data: AuthAccountRequest.encode({ address }).finish(),
        })
      ).response;
    // The SDK's address codec reads bech32 only (0xf39f…: the last '1' splits it, then 'b' is no bech32 char).
    expect(await auth(devAddress(0))).toMatchObject({
      code: 18,
      log: 'decoding bech32 failed: invalid character not part of charset: 98: invalid request',
    });
    expect(await auth(bech32Encode('cosmos', new Uint8Array(20)))).toMatchObject({
      code: 6,
      log: "hrp does not match bech32 prefix: expected 'ethm' got 'cosmos': internal logic error: unknown request",
    });
    const unused = ethm(`0x${'44'.repeat(20)}`);
    expect(await auth(unused)).toMatchObject({
      code: 22,
      log: `rpc error: code = NotFound desc = account ${unused} not found: key not found`,
    });
    expect(await auth('')).toMatchObject({
      code: 18,
      log: 'rpc error: code = InvalidArgument desc = Address cannot be empty: invalid request',
    });

    const validator = async (consAddress: string) =>
      (
        await query(chain, {
          path: QUERY_PATH.evmValidatorAccount,
          data: QueryValidatorAccountRequest.encode({ consAddress }),
        })
      ).response;
    const other = bech32Encode('ethmvalcons', new Uint8Array(20).fill(1));
    expect(await validator(other)).toMatchObject({
      code: 6,
      log: `validator not found for ${other}, validator does not exist: unknown request`,
    });
    expect(await validator(ethm(devAddress(0)))).toMatchObject({
      code: 18,
      log: 'rpc error: code = InvalidArgument desc = invalid Bech32 prefix; expected ethmvalcons, got ethm: invalid request',
    });
  });

  it('error: EthCall and EstimateGas arguments', async () => {
    const { chain, probe } = fx;
    const answer = async (path: string, data: Uint8Array) => (await query(chain, { path, data })).response;
    const raw = (args: string, gasCap = 25_000_000n) =>
      EthCallRequest.encode(EthCallRequest.fromPartial({ args: Buffer.from(args), gasCap }));

    expect(await answer(QUERY_PATH.evmEthCall, raw('{"to":'))).toMatchObject({
      code: 18,
      log: 'rpc error: code = InvalidArgument desc = unexpected end of JSON input: invalid request',
    });
    expect((await answer(QUERY_PATH.evmEthCall, raw('{"gas":21000}'))).log).toBe(
      'rpc error: code = InvalidArgument desc = json: cannot unmarshal non-string into Go struct field TransactionArgs.gas of type hexutil.Uint64: invalid request',
    );
    const bothFees = raw(JSON.stringify({ to: probe, gasPrice: '0x1', maxFeePerGas: '0x1' }));
    expect((await answer(QUERY_PATH.evmEthCall, bothFees)).log).toBe(
      'rpc error: code = InvalidArgument desc = both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified: invalid request',
    );
    expect(await answer(QUERY_PATH.evmEstimateGas, bothFees)).toMatchObject({
      code: 6,
      log: 'rpc error: code = Internal desc = both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified: unknown request',
    });
    // An EVM failure outside the VM: EthCall wraps it as Internal.
    expect(
      await answer(QUERY_PATH.evmEthCall, raw(JSON.stringify({ to: probe, gas: '0x5208', data: '0x05' }))),
    ).toMatchObject({
      code: 6,
      log: 'rpc error: code = Internal desc = apply message: intrinsic gas too low: unknown request',
    });
    expect((await answer(QUERY_PATH.evmEstimateGas, raw('{}', 20_000n))).log).toBe(
      'rpc error: code = InvalidArgument desc = gas cap cannot be lower than 21,000: invalid request',
    );
    // EstimateGas's own errors carry no gRPC status.
    expect(
      (
        await answer(
          QUERY_PATH.evmEstimateGas,
          raw(JSON.stringify({ to: probe, data: `0x0${Probe.spin}` }), 60_000n),
        )
      ).log,
    ).toBe('gas required exceeds allowance (60000): invalid request');
    const withOverrides = (overrides: string) =>
      EthCallRequest.encode(
        EthCallRequest.fromPartial({
          args: Buffer.from(JSON.stringify({ to: probe, data: hexlify(probeCall(Probe.get)) })),
          gasCap: 25_000_000n,
          overrides: Buffer.from(overrides),
        }),
      );
    expect((await answer(QUERY_PATH.evmEthCall, withOverrides(`{"${probe}":{"nonce":5}}`))).log).toBe(
      'rpc error: code = InvalidArgument desc = json: cannot unmarshal non-string into Go struct field OverrideAccount.nonce of type hexutil.Uint64: invalid request',
    );
    expect((await answer(QUERY_PATH.evmEthCall, withOverrides('{"0x12":{}}'))).log).toBe(
      'rpc error: code = InvalidArgument desc = hex string has length 2, want 40 for Address: invalid request',
    );
    expect((await answer(QUERY_PATH.evmEthCall, withOverrides('[1]'))).log).toBe(
      'rpc error: code = InvalidArgument desc = json: cannot unmarshal array into Go value of type types.StateOverride: invalid request',
    );
    const both = JSON.stringify({ [probe]: { state: {}, stateDiff: {} } });
    expect((await answer(QUERY_PATH.evmEthCall, withOverrides(both))).log).toBe(
      `rpc error: code = Internal desc = failed to apply state override: account ${getAddress(probe)} has both 'state' and 'stateDiff': unknown request`,
    );
  });

  it('behavior: EthCall and EstimateGas apply state overrides for that call only', async () => {
    const { chain, probe } = fx;
    const slot0 = hexlify(new Uint8Array(32));
    const get = (overrides?: object) =>
      EthCallRequest.encode(
        EthCallRequest.fromPartial({
          args: Buffer.from(JSON.stringify({ to: probe, data: hexlify(probeCall(Probe.get)) })),
          gasCap: 25_000_000n,
          overrides: overrides === undefined ? undefined : Buffer.from(JSON.stringify(overrides)),
        }),
      );
    const ret = async (data: Uint8Array) => {
      const { response } = await query(chain, { path: QUERY_PATH.evmEthCall, data });
      expect(response.code).toBe(0);
      return BigInt(hexlify(MsgEthereumTxResponse.decode(Buffer.from(response.value ?? '', 'base64')).ret));
    };
    expect(await ret(get())).toBe(7n);
    expect(await ret(get({ [probe]: { stateDiff: { [slot0]: hexlify(word(42n)) } } }))).toBe(42n);
    // `state` replaces the whole storage: slot 0 is then empty.
    expect(await ret(get({ [probe]: { state: {} } }))).toBe(0n);
    // Nothing stays behind for the next call on the same height.
    expect(await ret(get())).toBe(7n);

    // Code, balance and nonce of an account that does not exist yet: SELFBALANCE returned.
    const fresh: Hex = `0x${'77'.repeat(20)}`;
    const selfBalance = hexlify(Uint8Array.of(0x47, 0x5f, 0x52, 0x60, 0x20, 0x5f, 0xf3));
    const balanceCall = (overrides?: object) =>
      EthCallRequest.encode(
        EthCallRequest.fromPartial({
          args: Buffer.from(JSON.stringify({ to: fresh })),
          gasCap: 25_000_000n,
          overrides: overrides === undefined ? undefined : Buffer.from(JSON.stringify(overrides)),
        }),
      );
    expect(await ret(balanceCall({ [fresh]: { code: selfBalance, balance: '0x1234', nonce: '0x9' } }))).toBe(
      0x1234n,
    );
    const { response } = await query(chain, { path: QUERY_PATH.evmEthCall, data: balanceCall() });
    expect(hexlify(MsgEthereumTxResponse.decode(Buffer.from(response.value ?? '', 'base64')).ret)).toBe('0x');

    // EstimateGas with a balance only the override gives: a transfer from an empty account.
    const poor: Hex = `0x${'66'.repeat(20)}`;
    const transfer = (overrides?: object) =>
      EthCallRequest.encode(
        EthCallRequest.fromPartial({
          args: Buffer.from(JSON.stringify({ from: poor, to: RECIPIENT, value: '0x3e8' })),
          gasCap: 25_000_000n,
          overrides: overrides === undefined ? undefined : Buffer.from(JSON.stringify(overrides)),
        }),
      );
    const estimate = await query(chain, {
      path: QUERY_PATH.evmEstimateGas,
      data: transfer({ [poor]: { balance: '0xde0b6b3a7640000' } }),
    });
    expect(EstimateGasResponse.decode(Buffer.from(estimate.response.value ?? '', 'base64')).gas).toBe(
      21_000n,
    );
    const refused = await query(chain, { path: QUERY_PATH.evmEstimateGas, data: transfer() });
    expect(refused.response.log).toBe('insufficient balance for transfer: invalid request');
  });
});
