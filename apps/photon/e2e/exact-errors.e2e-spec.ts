// Errors whose exact code and words clients and Ethermint's own tests match, through `photon start`: a
// type-2 tx whose tip exceeds its fee cap (ethers refuses to sign one, so it is signed by hand, as a client
// that skips ethers' checks would), a creation that cannot pay for storing its code, the filter cap.
import { type PhotonStack, devWallet, startPhotonStack } from '@photon/testing';
import { JsonRpcProvider, SigningKey, concat, encodeRlp, keccak256, toBeArray } from 'ethers';
import { loadViem, photonPublicClient } from './clients-viem';
import { call, callError } from './query-rpc';

jest.setTimeout(120_000);

const FILTER_CAP = 3;
const sender = devWallet(7);

/** A type-2 transfer of 1 wei signed over whatever fees it is given. */
function signedType2(nonce: number, maxPriorityFeePerGas: bigint, maxFeePerGas: bigint): string {
  const unsigned = [
    toBeArray(9000n),
    toBeArray(nonce),
    toBeArray(maxPriorityFeePerGas),
    toBeArray(maxFeePerGas),
    toBeArray(21_000n),
    devWallet(8).address,
    '0x01',
    '0x',
    [],
  ];
  const sig = new SigningKey(sender.privateKey).sign(keccak256(concat(['0x02', encodeRlp(unsigned)])));
  return concat(['0x02', encodeRlp([...unsigned, sig.yParity === 0 ? '0x' : '0x01', sig.r, sig.s])]);
}

describe('exact errors', () => {
  let stack: PhotonStack;

  beforeAll(async () => {
    stack = await startPhotonStack('in-process', {
      extraArgs: ['--filter-cap-per-client', String(FILTER_CAP)],
      readyTimeoutMs: 60_000,
    });
  });
  afterAll(() => stack?.stop());

  it('error: a type-2 tx with tip above fee cap is -32000 in geth’s words (raw, ethers, viem)', async () => {
    const raw = signedType2(0, 50n * 10n ** 9n, 10n * 10n ** 9n);
    const expected = { code: -32000, message: 'max priority fee per gas higher than max fee per gas' };
    expect(await callError(stack.httpUrl, 'eth_sendRawTransaction', [raw])).toEqual(expected);
    const provider = new JsonRpcProvider(stack.httpUrl, 9000, { staticNetwork: true });
    try {
      await expect(provider.broadcastTransaction(raw)).rejects.toMatchObject({
        error: expected,
      });
    } finally {
      provider.destroy();
    }
    const viem = await loadViem();
    const client = photonPublicClient(viem, stack.httpUrl);
    await expect(client.sendRawTransaction({ serializedTransaction: raw as `0x${string}` })).rejects.toThrow(
      /max priority fee per gas higher than max fee per gas/,
    );
    // The same tx with tip = fee cap is accepted.
    expect(
      await call(stack.httpUrl, 'eth_sendRawTransaction', [signedType2(0, 10n ** 10n, 10n ** 10n)]),
    ).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('error: estimating a creation that cannot pay for storing its code names geth’s error', async () => {
    // Init code returning 1,000 zero bytes: 200,000 gas to store them, more than the 100,000 given.
    const data = '0x6103e85ff3';
    const from = sender.address;
    expect(await callError(stack.httpUrl, 'eth_estimateGas', [{ from, data, gas: '0x186a0' }])).toEqual({
      code: -32000,
      message: 'contract creation code storage out of gas',
    });
    // With the gas it needs it estimates.
    expect(BigInt(await call<string>(stack.httpUrl, 'eth_estimateGas', [{ from, data }]))).toBeGreaterThan(
      200_000n,
    );
  });

  it('error: past the filter cap, Ethermint’s words and then our flag', async () => {
    const ids: string[] = [];
    for (let i = 0; i < FILTER_CAP; i++) ids.push(await call<string>(stack.httpUrl, 'eth_newFilter', [{}]));
    const refused = await callError(stack.httpUrl, 'eth_newFilter', [{}]);
    expect(refused.code).toBe(-32005);
    expect(refused.message).toBe(
      `error creating filter: max limit reached: ${FILTER_CAP} live filters per client (--filter-cap-per-client)`,
    );
    expect((await callError(stack.httpUrl, 'eth_newBlockFilter', [])).message).toMatch(
      /^error creating block filter: max limit reached: /,
    );
    for (const id of ids) await call(stack.httpUrl, 'eth_uninstallFilter', [id]);
  });
});
