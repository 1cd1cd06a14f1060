// State overrides (eth_call's and eth_estimateGas's third parameter) through the gateway, in-process and over
// NATS, with viem's `stateOverride` and ethers' raw send: applied by the devnet for that call only, never kept
// by a cache for a call without them (or the other way round).
import { type PhotonStack, devWallet, startPhotonStack } from '@photon/testing';
import { AbiCoder, JsonRpcProvider, keccak256, toBeHex, toQuantity, zeroPadValue } from 'ethers';
import { loadViem, photonPublicClient, type Viem } from './clients-viem';
import { ChainWriter, TOKEN_INTERFACE, type TokenChain, putTokenChain } from './query-chain';
import { call, callError, untilTierHead } from './query-rpc';

jest.setTimeout(120_000);

const TOKENS_TO_5 = 100n * 10n ** 18n;
const A5 = devWallet(5).address.toLowerCase() as `0x${string}`;
/** PhotonToken's `balanceOf` mapping is its slot 3 (name, symbol, totalSupply before it; owner is immutable). */
const BALANCE_OF_SLOT = 3n;
/** Runtime code returning SELFBALANCE as one word. */
const SELF_BALANCE_CODE = '0x475f5260205ff3';
const FRESH = `0x${'77'.repeat(20)}` as const;
const POOR = `0x${'66'.repeat(20)}` as const;

const balanceSlot = (holder: string): `0x${string}` =>
  keccak256(
    AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [holder, BALANCE_OF_SLOT]),
  ) as `0x${string}`;
const word = (value: bigint): `0x${string}` => zeroPadValue(toBeHex(value), 32) as `0x${string}`;

describe.each(['in-process', 'cluster'] as const)('state overrides through the %s gateway', (kind) => {
  let stack: PhotonStack;
  let chain: TokenChain;
  let viem: Viem;

  beforeAll(async () => {
    viem = await loadViem();
    stack = await startPhotonStack(kind, { readyTimeoutMs: 60_000 });
    chain = await putTokenChain(new ChainWriter(stack.devnetUrl), {
      name: 'Override Token',
      symbol: 'OVR',
      toAccount5: TOKENS_TO_5,
    });
    // Written to the devnet directly: `latest` through the tier follows the engine's commit a moment later.
    await untilTierHead(stack.httpUrl, chain.transferHeight);
  });
  afterAll(() => stack?.stop());

  const balanceOf5 = () => ({ to: chain.token, data: TOKEN_INTERFACE.encodeFunctionData('balanceOf', [A5]) });
  const decodeBalance = (data: string): bigint =>
    TOKEN_INTERFACE.decodeFunctionResult('balanceOf', data)[0] as bigint;

  it('default: viem reads a token balance through a stateDiff, then the real one again', async () => {
    const client = photonPublicClient(viem, stack.httpUrl);
    const token = chain.token as `0x${string}`;
    // The slot the override names is the one the token reads: the chain agrees before any override.
    expect(BigInt(await call<string>(stack.httpUrl, 'eth_getStorageAt', [token, balanceSlot(A5)]))).toBe(
      TOKENS_TO_5,
    );
    const read = (stateOverride?: Parameters<typeof client.readContract>[0]['stateOverride']) =>
      client.readContract({
        address: token,
        abi: [viem.parseAbiItem('function balanceOf(address) view returns (uint256)')],
        functionName: 'balanceOf',
        args: [A5],
        stateOverride,
      });
    expect(await read()).toBe(TOKENS_TO_5);
    expect(await read([{ address: token, stateDiff: [{ slot: balanceSlot(A5), value: word(42n) }] }])).toBe(
      42n,
    );
    // `state` replaces the whole storage: every balance but the slots given is then 0 (viem leaves out an
    // empty `state`, so one slot is given: totalSupply's).
    expect(await read([{ address: token, state: [{ slot: word(2n), value: word(1n) }] }])).toBe(0n);
    expect(await read()).toBe(TOKENS_TO_5);
  });

  it('behavior: code, balance and nonce of an account that does not exist (ethers, raw params)', async () => {
    const provider = new JsonRpcProvider(stack.httpUrl, 9000, { staticNetwork: true });
    try {
      const overrides = { [FRESH]: { code: SELF_BALANCE_CODE, balance: '0x1234', nonce: '0x7' } };
      expect(BigInt(await provider.send('eth_call', [{ to: FRESH }, 'latest', overrides]))).toBe(0x1234n);
      expect(await provider.send('eth_call', [{ to: FRESH }, 'latest'])).toBe('0x');
    } finally {
      provider.destroy();
    }
  });

  it('behavior: eth_estimateGas spends a balance only the override gives (viem)', async () => {
    const client = photonPublicClient(viem, stack.httpUrl);
    const transfer = { account: POOR, to: A5, value: 1000n } as const;
    const gas = await client.estimateGas({
      ...transfer,
      stateOverride: [{ address: POOR, balance: 10n ** 18n }],
    });
    expect(gas).toBe(21_000n);
    await expect(client.estimateGas(transfer)).rejects.toThrow(/insufficient funds/);
  });

  it('behavior: a kept answer is never given to a call with other overrides, at a tag or a number', async () => {
    const height = toQuantity(chain.transferHeight);
    const diff = (value: bigint) => ({ [chain.token]: { stateDiff: { [balanceSlot(A5)]: word(value) } } });
    for (const block of ['latest', height]) {
      for (let round = 0; round < 2; round++) {
        expect(decodeBalance(await call(stack.httpUrl, 'eth_call', [balanceOf5(), block]))).toBe(TOKENS_TO_5);
        expect(decodeBalance(await call(stack.httpUrl, 'eth_call', [balanceOf5(), block, diff(1n)]))).toBe(
          1n,
        );
        expect(decodeBalance(await call(stack.httpUrl, 'eth_call', [balanceOf5(), block, diff(2n)]))).toBe(
          2n,
        );
        expect(BigInt(await call<string>(stack.httpUrl, 'eth_getBalance', [FRESH, block]))).toBe(0n);
      }
    }
  });

  it('error: state with stateDiff in geth’s words; block overrides refused', async () => {
    const both = { [chain.token]: { state: {}, stateDiff: {} } };
    for (const method of ['eth_call', 'eth_estimateGas']) {
      expect(await callError(stack.httpUrl, method, [balanceOf5(), 'latest', both])).toEqual({
        code: -32000,
        message: `account ${viem.getAddress(chain.token)} has both 'state' and 'stateDiff'`,
      });
    }
    expect(
      await callError(stack.httpUrl, 'eth_call', [balanceOf5(), 'latest', {}, { number: '0x1' }]),
    ).toEqual({
      code: -32000,
      message: 'block overrides are not supported by this node',
    });
  });
});
