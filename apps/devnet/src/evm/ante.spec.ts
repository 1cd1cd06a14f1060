import { Wallet } from 'ethers';
import { runAnte } from './ante';
import { EvmChain } from './evm-chain';
import { DEV_ACCOUNT_BALANCE } from './genesis';
import { devAddress, devWallet, GWEI, signTx } from './testing/sign';
import type { CheckTxResult, Hex } from './types';

const TO: Hex = `0x${'22'.repeat(20)}`;

function failure(result: CheckTxResult): { code: number; codespace: string; log: string; reason: string } {
  if (result.ok) throw new Error('admitted');
  return { code: result.code, codespace: result.codespace, log: result.log, reason: result.reason };
}

describe(runAnte.name, () => {
  let chain: EvmChain;
  const wallet = devWallet(0);
  const transfer = (nonce: number, extra: Record<string, unknown> = {}) =>
    signTx(wallet, {
      type: 2,
      nonce,
      to: TO,
      value: 1n,
      maxFeePerGas: 2n * GWEI,
      maxPriorityFeePerGas: GWEI,
      ...extra,
    });

  beforeEach(async () => {
    chain = await EvmChain.create();
  });

  it('default', async () => {
    const raw = await transfer(0);
    const result = await chain.checkTx(raw);
    expect(result).toMatchObject({ ok: true, sender: devAddress(0), nonce: 0n, type: 2, gasWanted: 21000n });
    expect(chain.pendingTxs().map((tx) => tx.raw)).toEqual([raw]);
    expect(await chain.pendingNonce(devAddress(0))).toBe(1n);
  });

  it('behavior: consecutive nonces queue up per sender', async () => {
    for (let nonce = 0; nonce < 3; nonce++)
      expect((await chain.checkTx(await transfer(nonce))).ok).toBe(true);
    expect(await chain.pendingNonce(devAddress(0))).toBe(3n);
    expect(await chain.pendingNonce(devAddress(1))).toBe(0n);
  });

  it('behavior: the same sender and nonce with ≥ 10 % higher fees replaces the pending tx', async () => {
    const first = await chain.checkTx(await transfer(0));
    const second = await chain.checkTx(await transfer(1));
    const replacement = await chain.checkTx(
      await transfer(0, { maxFeePerGas: (22n * GWEI) / 10n, maxPriorityFeePerGas: (11n * GWEI) / 10n }),
    );
    expect(replacement).toMatchObject({ ok: true, nonce: 0n, replaced: first.ok ? first.hash : '' });
    // The replacement keeps the replaced tx's place in line.
    expect(chain.pendingTxs().map((tx) => [tx.nonce, tx.feeCap])).toEqual([
      [0n, (22n * GWEI) / 10n],
      [1n, 2n * GWEI],
    ]);
    expect(second.ok).toBe(true);
  });

  it('behavior: a replacement must not need more than the balance minus the other pending txs', async () => {
    const poor = Wallet.createRandom();
    const rich = devWallet(1);
    const fund = await signTx(rich, {
      nonce: 0,
      to: poor.address,
      value: 21000n * 4n * GWEI,
      gasPrice: 2n * GWEI,
    });
    expect((await chain.checkTx(fund)).ok).toBe(true);
    await chain.produceBlock({ height: 1, timestamp: 1, proposer: TO });
    const spend = (nonce: number, gasPrice: bigint) => signTx(poor, { nonce, to: TO, gasPrice });
    expect((await chain.checkTx(await spend(0, 2n * GWEI))).ok).toBe(true);
    expect((await chain.checkTx(await spend(1, 2n * GWEI))).ok).toBe(true);
    // Replacing nonce 0 at 3 gwei: 63,000 gwei + the other pending tx's 42,000 gwei > 84,000 gwei.
    expect(failure(await chain.checkTx(await spend(0, 3n * GWEI)))).toEqual({
      code: 5,
      codespace: 'sdk',
      reason: 'insufficient-funds',
      log: `failed to check sender balance: sender balance < tx cost (${42_000n * GWEI} < ${63_000n * GWEI}): insufficient funds`,
    });
  });

  it('behavior: unprotected txs are admitted with allowUnprotectedTxs', async () => {
    const permissive = await EvmChain.create({ allowUnprotectedTxs: true });
    const raw = await signTx(wallet, { type: 0, chainId: 0, nonce: 0, to: TO, gasPrice: 2n * GWEI });
    expect(await permissive.checkTx(raw)).toMatchObject({ ok: true, sender: devAddress(0) });
    const block = await permissive.produceBlock({ height: 1, timestamp: 1, proposer: TO });
    expect(block.txs[0]).toMatchObject({ status: 1, type: 0 });
  });

  it('error: a nonce other than the next one', async () => {
    expect((await chain.checkTx(await transfer(0))).ok).toBe(true);
    expect(failure(await chain.checkTx(await transfer(5)))).toEqual({
      code: 3,
      codespace: 'sdk',
      reason: 'nonce-too-high',
      log: 'invalid nonce; got 5, expected 1: invalid sequence',
    });
    await chain.produceBlock({ height: 1, timestamp: 1, proposer: TO });
    expect(failure(await chain.checkTx(await transfer(0, { value: 2n })))).toMatchObject({
      reason: 'nonce-too-low',
      log: 'invalid nonce; got 0, expected 1: invalid sequence',
    });
  });

  it('error: a replacement less than 10 % dearer', async () => {
    const first = await chain.checkTx(await transfer(0));
    const result = failure(
      await chain.checkTx(
        await transfer(0, { maxFeePerGas: (21n * GWEI) / 10n, maxPriorityFeePerGas: 2n * GWEI }),
      ),
    );
    expect(result).toMatchObject({ code: 13, codespace: 'sdk', reason: 'replacement-underpriced' });
    expect(result.log).toMatch(
      /^replacement transaction underpriced: fee cap 2100000000 and tip 2000000000, need at least 2200000000 and 1100000000 .*: insufficient fee$/,
    );
    expect(chain.pendingTxs().map((tx) => tx.hash)).toEqual([first.ok ? first.hash : '']);
  });

  it('error: the same tx twice', async () => {
    const raw = await transfer(0);
    await chain.checkTx(raw);
    expect(failure(await chain.checkTx(raw))).toEqual({
      code: 19,
      codespace: 'sdk',
      reason: 'already-known',
      log: 'tx already in mempool',
    });
  });

  it('error: unprotected (pre-EIP-155) txs by default', async () => {
    const raw = await signTx(wallet, { type: 0, chainId: 0, nonce: 0, to: TO, gasPrice: 2n * GWEI });
    expect(failure(await chain.checkTx(raw))).toEqual({
      code: 37,
      codespace: 'sdk',
      reason: 'unprotected',
      log: 'rejected unprotected Ethereum transaction. Please EIP155 sign your transaction to protect it against replay-attacks: feature not supported',
    });
  });

  it('error: another chain id', async () => {
    for (const raw of [
      await transfer(0, { chainId: 1 }),
      await signTx(wallet, { type: 0, chainId: 1, nonce: 0, to: TO, gasPrice: 2n * GWEI }),
    ]) {
      expect(failure(await chain.checkTx(raw))).toEqual({
        code: 24,
        codespace: 'sdk',
        reason: 'wrong-chain-id',
        log: 'signature verification failed: invalid chain id for signer: have 1 want 9000: tx intended signer does not match the given signer',
      });
    }
  });

  it('error: a `from` that is not the signer', async () => {
    expect(failure(await chain.checkTx(await transfer(0), { from: devAddress(1) }))).toMatchObject({
      code: 24,
      reason: 'invalid-sender',
      log: `signature verification failed: sender verification failed. got ${devAddress(0)}, expected ${devAddress(1)}: tx intended signer does not match the given signer`,
    });
  });

  it('error: insufficient funds', async () => {
    const raw = await transfer(0, { value: DEV_ACCOUNT_BALANCE });
    expect(failure(await chain.checkTx(raw))).toEqual({
      code: 5,
      codespace: 'sdk',
      reason: 'insufficient-funds',
      log: `failed to check sender balance: sender balance < tx cost (${DEV_ACCOUNT_BALANCE} < ${DEV_ACCOUNT_BALANCE + 21000n * 2n * GWEI}): insufficient funds`,
    });
  });

  it('error: a fee cap below the base fee', async () => {
    const raw = await transfer(0, { maxFeePerGas: GWEI / 2n, maxPriorityFeePerGas: 0n });
    expect(failure(await chain.checkTx(raw))).toEqual({
      code: 13,
      codespace: 'sdk',
      reason: 'fee-cap-below-base-fee',
      log: `max fee per gas less than block base fee (${GWEI / 2n} < ${chain.pendingBaseFee}): insufficient fee`,
    });
  });

  it('error: a gas limit under the intrinsic gas', async () => {
    expect(failure(await chain.checkTx(await transfer(0, { gasLimit: 20_000n })))).toEqual({
      code: 11,
      codespace: 'sdk',
      reason: 'intrinsic-gas',
      log: 'failed to verify the fees: gas limit too low: 20000 (gas limit) < 21000 (intrinsic gas): out of gas',
    });
  });

  it('error: a gas limit above the block gas limit', async () => {
    expect(failure(await chain.checkTx(await transfer(0, { gasLimit: 30_000_001n })))).toMatchObject({
      code: 11,
      reason: 'exceeds-block-gas-limit',
      log: 'tx gas (30000001) exceeds block gas limit (30000000): out of gas',
    });
  });

  it('error: a fee under the minimum gas price', async () => {
    const strict = await EvmChain.create({ minGasPrice: 3n * GWEI });
    const result = failure(await strict.checkTx(await transfer(0)));
    expect(result).toMatchObject({ code: 13, reason: 'below-min-gas-price' });
    expect(result.log).toMatch(
      /^provided fee < minimum global fee \(\d+\.0{18} < 63000000000000\.0{18}\)\. Please increase/,
    );
  });

  it('error: a zero gas limit (ValidateBasic)', async () => {
    const zeroGas = await signTx(wallet, { type: 0, nonce: 0, to: TO, gasPrice: GWEI, gasLimit: 0n });
    expect(failure(await chain.checkTx(zeroGas))).toEqual({
      code: 22,
      codespace: 'evm',
      reason: 'invalid-fields',
      log: 'gas limit must not be zero: invalid gas limit',
    });
  });

  it('error: malformed bytes and unsupported tx types', async () => {
    expect(failure(await chain.checkTx(new Uint8Array([0xc0])))).toMatchObject({
      code: 2,
      codespace: 'sdk',
      reason: 'malformed',
    });
    expect(failure(await chain.checkTx(new Uint8Array([0x02, 0x01])))).toMatchObject({
      code: 2,
      reason: 'malformed',
    });
    expect(failure(await chain.checkTx(new Uint8Array()))).toMatchObject({
      code: 2,
      log: 'typed transaction too short: tx parse error',
    });
    expect(failure(await chain.checkTx(new Uint8Array([0x03, 0xc0])))).toEqual({
      code: 2,
      codespace: 'sdk',
      reason: 'unsupported-type',
      log: 'transaction type not supported: tx parse error',
    });
  });

  it('error: a sender with code (not an EOA)', async () => {
    const key = Wallet.createRandom();
    const withCode = await EvmChain.create({
      genesis: {
        timestamp: 0,
        accounts: [{ address: key.address as Hex, balance: 10n ** 18n, code: new Uint8Array([0x00]) }],
      },
    });
    const raw = await signTx(key, { type: 0, nonce: 0, to: TO, gasPrice: 2n * GWEI });
    expect(failure(await withCode.checkTx(raw))).toMatchObject({ code: 29, reason: 'sender-not-eoa' });
  });
});

describe(`${runAnte.name} for check_tx`, () => {
  let chain: EvmChain;
  const wallet = devWallet(0);
  const check = { mode: 'check' } as const;
  const transfer = (nonce: number, extra: Record<string, unknown> = {}) =>
    signTx(wallet, { type: 0, nonce, to: TO, value: 1n, gasPrice: 2n * GWEI, ...extra });

  beforeEach(async () => {
    chain = await EvmChain.create();
  });

  it('default', async () => {
    const raw = await transfer(0);
    expect(await chain.checkTx(raw, check)).toMatchObject({ ok: true, nonce: 0n, gasWanted: 21000n });
    // Nothing is admitted: the tx can still be broadcast, and the pending nonce has not moved.
    expect(chain.pendingTxs()).toEqual([]);
    expect(await chain.pendingNonce(devAddress(0))).toBe(0n);
    expect((await chain.checkTx(raw)).ok).toBe(true);
  });

  it('behavior: the nonce is checked against the check state, which counts pending txs', async () => {
    const pending = await transfer(0);
    const admitted = await chain.checkTx(pending);
    expect(admitted.ok).toBe(true);
    expect((await chain.checkTx(await transfer(1), check)).ok).toBe(true);
    // Ethermint's check state already took nonce 0: neither the pending tx itself (CometBFT's cache is
    // not consulted) nor a dearer one with its nonce passes, though a broadcast would replace it.
    const dearer = await transfer(0, { gasPrice: 3n * GWEI });
    for (const raw of [pending, dearer]) {
      expect(failure(await chain.checkTx(raw, check))).toEqual({
        code: 3,
        codespace: 'sdk',
        reason: 'nonce-too-low',
        log: 'invalid nonce; got 0, expected 1: invalid sequence',
      });
    }
    expect(failure(await chain.checkTx(pending))).toMatchObject({ reason: 'already-known' });
    expect(await chain.checkTx(dearer)).toMatchObject({ ok: true, replaced: admitted.ok && admitted.hash });
  });

  it('behavior: the same checks and texts as an admission', async () => {
    const bad = [
      await transfer(0, { chainId: 1 }),
      await transfer(3),
      await transfer(0, { value: DEV_ACCOUNT_BALANCE }),
      await transfer(0, { gasLimit: 20_000n }),
      await transfer(0, { gasPrice: GWEI / 2n }),
      await signTx(wallet, { type: 0, chainId: 0, nonce: 0, to: TO, gasPrice: 2n * GWEI }),
      new Uint8Array([0xc0]),
    ];
    for (const raw of bad) {
      const checked = failure(await chain.checkTx(raw, check));
      expect(checked).toEqual(failure(await chain.checkTx(raw)));
    }
    expect(chain.pendingTxs()).toEqual([]);
  });

  it('args: the messages of one Cosmos tx are checked together and admitted all or none', async () => {
    const [first, second, gap] = await Promise.all([transfer(0), transfer(1), transfer(5)]);
    const both = [{ raw: first }, { raw: second }];
    expect(await chain.checkMessages(both, 'check')).toMatchObject([{ nonce: 0n }, { nonce: 1n }]);
    expect(chain.pendingTxs()).toEqual([]);
    expect(await chain.checkMessages([{ raw: first }, { raw: gap }], 'admit')).toMatchObject({
      ok: false,
      log: 'invalid nonce; got 5, expected 1: invalid sequence',
    });
    expect(chain.pendingTxs()).toEqual([]);
    expect(await chain.checkMessages(both, 'admit')).toMatchObject([{ ok: true }, { ok: true }]);
    expect(chain.pendingTxs().map((tx) => tx.nonce)).toEqual([0n, 1n]);
  });
});
