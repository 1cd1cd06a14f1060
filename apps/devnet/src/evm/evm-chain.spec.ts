import { Bloom } from '@ethereumjs/vm';
import { getBytes, Interface } from 'ethers';
import { BlockHeightError, UnknownHeightError } from './errors';
import { EvmChain } from './evm-chain';
import { DEV_ACCOUNT_BALANCE } from './genesis';
import {
  PROBE_ABI,
  PROBE_INIT_CODE,
  PROBE_REVERT_REASON,
  PROBE_RUNTIME,
  Probe,
  probeCall,
  STORED_TOPIC,
} from './testing/probe-contract';
import { devAddress, devWallet, GWEI, signTx } from './testing/sign';
import type { CheckTxResult, Hex } from './types';
import { callErrorMessage } from './vm-errors';

const PROPOSER: Hex = `0x${'ab'.repeat(20)}`;
const RECIPIENT: Hex = `0x${'11'.repeat(20)}`;
const probeAbi = new Interface(PROBE_ABI);

function admitted(result: CheckTxResult): asserts result is Extract<CheckTxResult, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${result.log}`);
}

async function produce(chain: EvmChain, extra: { timestamp?: number } = {}) {
  const height = chain.latestHeight + 1;
  return chain.produceBlock({
    height,
    timestamp: extra.timestamp ?? 1_700_000_000 + height,
    proposer: PROPOSER,
  });
}

describe(EvmChain.name, () => {
  it('default', async () => {
    const chain = await EvmChain.create({ genesis: { timestamp: 1_700_000_000, accounts: [] } });
    expect(chain.chainId).toBe(9000n);
    expect(chain.latestHeight).toBe(0);
    expect(chain.blockGasLimit).toBe(30_000_000n);
    expect(chain.baseFee(0)).toBe(1_000_000_000n);
    // Block 1 applies the formula to an empty genesis block, as Ethermint's BeginBlock does.
    expect(chain.pendingBaseFee).toBe(875_000_000n);
    expect(chain.params()).toMatchObject({
      evmDenom: 'aphoton',
      allowUnprotectedTxs: false,
      enableCreate: true,
    });
    expect(chain.feeMarketParams()).toMatchObject({ baseFeeChangeDenominator: 8, elasticityMultiplier: 2 });
  });

  it('behavior: legacy, EIP-2930 and EIP-1559 transfers execute; state at the new height and the one before', async () => {
    const chain = await EvmChain.create();
    const sender = devWallet(0);
    const from = devAddress(0);
    const txs = [
      await signTx(sender, { type: 0, nonce: 0, to: RECIPIENT, value: 1n, gasPrice: 2n * GWEI }),
      await signTx(sender, {
        type: 1,
        nonce: 1,
        to: RECIPIENT,
        value: 2n,
        gasPrice: 2n * GWEI,
        accessList: [],
      }),
      await signTx(sender, {
        type: 2,
        nonce: 2,
        to: RECIPIENT,
        value: 3n,
        maxFeePerGas: 2n * GWEI,
        maxPriorityFeePerGas: GWEI,
      }),
    ];
    for (const raw of txs) admitted(await chain.checkTx(raw));
    expect(await chain.pendingNonce(from)).toBe(3n);

    const block = await produce(chain);
    const baseFee = block.baseFee;
    expect(block.txs.map((tx) => [tx.type, tx.status, tx.gasUsed, tx.nonce])).toEqual([
      [0, 1, 21000n, 0n],
      [1, 1, 21000n, 1n],
      [2, 1, 21000n, 2n],
    ]);
    expect(block.txs.map((tx) => tx.cumulativeGasUsed)).toEqual([21000n, 42000n, 63000n]);
    expect(block.txs.map((tx) => tx.effectiveGasPrice)).toEqual([2n * GWEI, 2n * GWEI, baseFee + GWEI]);
    expect(
      block.txs.every((tx) => tx.sender === from && tx.recipient === RECIPIENT && tx.vmError === ''),
    ).toBe(true);
    expect(block.gasUsed).toBe(63000n);
    expect(block.dropped).toEqual([]);
    expect(chain.pendingTxs()).toEqual([]);

    const spent = 21000n * (2n * GWEI + 2n * GWEI + baseFee + GWEI) + 6n;
    expect(await chain.balance(from)).toBe(DEV_ACCOUNT_BALANCE - spent);
    expect(await chain.balance(RECIPIENT)).toBe(6n);
    expect((await chain.account(from)).nonce).toBe(3n);
    // The proposer (coinbase) receives the priority fees; the base fee is burnt.
    expect(await chain.balance(PROPOSER)).toBe(21000n * (4n * GWEI - 2n * baseFee + GWEI));
    // The height before is still there.
    expect(await chain.balance(from, 0)).toBe(DEV_ACCOUNT_BALANCE);
    expect(await chain.account(from, 0)).toEqual({
      balance: DEV_ACCOUNT_BALANCE,
      nonce: 0n,
      codeHash: '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    });
    expect(chain.block(1).stateRoot).toEqual(block.stateRoot);
    expect(chain.block(0).stateRoot).not.toEqual(block.stateRoot);
    expect(await chain.pendingNonce(from)).toBe(3n);
  });

  it('behavior: deploy, a call that stores and logs, a revert with a reason, a custom error, a refund', async () => {
    const chain = await EvmChain.create();
    const wallet = devWallet(1);
    const fees = { maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI };
    admitted(
      await chain.checkTx(
        await signTx(wallet, { type: 2, nonce: 0, data: PROBE_INIT_CODE, gasLimit: 200_000n, ...fees }),
      ),
    );
    const deploy = await produce(chain);
    const created = deploy.txs[0];
    expect(created).toMatchObject({ status: 1, to: null, vmError: '' });
    const probe = created?.contractAddress as Hex;
    expect(created?.recipient).toBe(probe);
    expect(await chain.code(probe)).toEqual(PROBE_RUNTIME);
    expect(await chain.code(probe, 0)).toEqual(new Uint8Array());

    const calls = [probeCall(Probe.store, 42n), probeCall(Probe.fail), probeCall(Probe.deny)];
    for (const [i, data] of calls.entries()) {
      admitted(
        await chain.checkTx(
          await signTx(wallet, { type: 2, nonce: i + 1, to: probe, data, gasLimit: 100_000n, ...fees }),
        ),
      );
    }
    const block = await produce(chain);
    const [store, fail, deny] = block.txs;

    expect(store).toMatchObject({ status: 1, vmError: '' });
    expect(store?.logs).toEqual([
      {
        address: probe,
        topics: [STORED_TOPIC],
        data: probeCall(Probe.store, 42n).subarray(1),
        logIndex: 0,
        txIndex: 0,
        txHash: store?.hash,
        height: 2,
      },
    ]);
    expect(
      probeAbi.parseLog({ topics: store?.logs[0]?.topics ?? [], data: '0x' + '00'.repeat(31) + '2a' })
        ?.args[0],
    ).toBe(42n);
    expect(await chain.storage(probe, '0x0')).toBe(`0x${'00'.repeat(31)}2a`);
    expect(await chain.storage(probe, '0x0', 1)).toBe(`0x${'00'.repeat(32)}`);
    expect(block.logsBloom.some((byte) => byte !== 0)).toBe(true);
    // The shared bloom agrees with @ethereumjs/vm's, which the devnet used before.
    const reference = new Bloom();
    for (const value of [probe, STORED_TOPIC]) reference.add(getBytes(value));
    expect(store?.logsBloom).toEqual(reference.bitvector);
    expect(block.logsBloom).toEqual(reference.bitvector);

    expect(fail).toMatchObject({ status: 0, vmError: 'execution reverted' });
    expect(callErrorMessage(fail?.vmError ?? '', fail?.ret ?? new Uint8Array())).toBe(
      `execution reverted: ${PROBE_REVERT_REASON}`,
    );
    expect(fail?.gasUsed).toBeLessThan(100_000n);
    expect(deny).toMatchObject({ status: 0, vmError: 'execution reverted' });
    const decoded = probeAbi.parseError(deny?.ret ?? new Uint8Array());
    expect(decoded?.name).toBe('Unauthorized');
    expect((decoded?.args[0] as string).toLowerCase()).toBe(devAddress(1));

    // Clearing the slot set in the block before: cold SSTORE 2100 + 2900, refund 4800 (EIP-3529).
    admitted(
      await chain.checkTx(
        await signTx(wallet, {
          type: 2,
          nonce: 4,
          to: probe,
          data: probeCall(Probe.clear),
          gasLimit: 100_000n,
          ...fees,
        }),
      ),
    );
    const refund = await produce(chain);
    const dispatchGas = 21000n + 16n + 3n + 3n + 3n + 3n + (3n + 3n + 3n + 3n + 10n) * 4n + 1n; // to the JUMPDEST of clear
    const withoutRefund = dispatchGas + 3n + 3n + 5000n;
    expect(refund.txs[0]?.gasUsed).toBe(withoutRefund - 4800n);
    expect(await chain.storage(probe, '0x00')).toBe(`0x${'00'.repeat(32)}`);
  });

  it('behavior: a failing creation still reports its would-be address, and logs are numbered block-wide', async () => {
    const chain = await EvmChain.create();
    const wallet = devWallet(2);
    const fees = { gasPrice: 2n * GWEI };
    admitted(
      await chain.checkTx(
        await signTx(wallet, { nonce: 0, data: PROBE_INIT_CODE, gasLimit: 200_000n, ...fees }),
      ),
    );
    const probe = (await produce(chain)).txs[0]?.contractAddress as Hex;
    for (let nonce = 1; nonce <= 2; nonce++) {
      admitted(
        await chain.checkTx(
          await signTx(wallet, {
            nonce,
            to: probe,
            data: probeCall(Probe.store, BigInt(nonce)),
            gasLimit: 100_000n,
            ...fees,
          }),
        ),
      );
    }
    // Too little gas to deposit the runtime code: the creation fails with geth's words (ethereumjs says
    // plain out of gas after Homestead; the devnet tells the two apart).
    admitted(
      await chain.checkTx(
        await signTx(wallet, { nonce: 3, data: PROBE_INIT_CODE, gasLimit: 60_000n, ...fees }),
      ),
    );
    const block = await produce(chain);
    expect(block.txs.flatMap((tx) => tx.logs.map((log) => [log.txIndex, log.logIndex]))).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(block.txs[2]).toMatchObject({
      status: 0,
      to: null,
      vmError: 'contract creation code storage out of gas',
    });
    expect(block.txs[2]?.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(block.txs[2]?.recipient).toBe(block.txs[2]?.contractAddress);
  });

  it('behavior: the base fee rises after a block above the gas target and falls after an empty one', async () => {
    const chain = await EvmChain.create({ blockGasLimit: 100_000n, initialBaseFee: 1_000_000_000n });
    const wallet = devWallet(3);
    const block1 = await produce(chain);
    expect(block1.baseFee).toBe(875_000_000n);
    expect(block1.nextBaseFee).toBe(765_625_000n); // empty: −1/8
    for (let nonce = 0; nonce < 4; nonce++) {
      admitted(await chain.checkTx(await signTx(wallet, { nonce, to: RECIPIENT, gasPrice: 2n * GWEI })));
    }
    const full = await produce(chain);
    // Four transfers need 84,000 gas: the 100,000 limit takes them all (target 50,000).
    expect(full.txs).toHaveLength(4);
    expect(full.nextBaseFee).toBe(765_625_000n + (765_625_000n * 34_000n) / 50_000n / 8n);
    expect(full.nextBaseFee).toBeGreaterThan(full.baseFee);
    const empty = await produce(chain);
    expect(empty.baseFee).toBe(full.nextBaseFee);
    expect(empty.nextBaseFee).toBe(empty.baseFee - empty.baseFee / 8n);
    expect(chain.baseFee(2)).toBe(full.baseFee);
    expect(chain.feeMarketParams(3).baseFee).toBe(empty.baseFee);
  });

  it('behavior: a block stops at the first tx that does not fit; the rest waits for the next block', async () => {
    const chain = await EvmChain.create({ blockGasLimit: 50_000n });
    const wallet = devWallet(4);
    for (let nonce = 0; nonce < 3; nonce++) {
      admitted(await chain.checkTx(await signTx(wallet, { nonce, to: RECIPIENT, gasPrice: 2n * GWEI })));
    }
    expect((await produce(chain)).txs).toHaveLength(2);
    expect(chain.pendingTxs()).toHaveLength(1);
    expect((await produce(chain)).txs.map((tx) => tx.nonce)).toEqual([2n]);
  });

  it('behavior: a block takes its txs by effective tip, highest first, each sender in nonce order', async () => {
    const chain = await EvmChain.create();
    const baseFee = chain.pendingBaseFee;
    const sent: [number, number, Parameters<typeof signTx>[1]][] = [
      // tip 0 (priority 0), sent first
      [7, 0, { gasPrice: baseFee }],
      // tip 1 gwei, then 5 gwei: the second waits behind the first
      [9, 0, { maxFeePerGas: baseFee + 10n * GWEI, maxPriorityFeePerGas: GWEI }],
      [9, 1, { maxFeePerGas: baseFee + 10n * GWEI, maxPriorityFeePerGas: 5n * GWEI }],
      // tip 3 gwei, sent last
      [8, 0, { gasPrice: baseFee + 3n * GWEI }],
    ];
    for (const [dev, nonce, fees] of sent) {
      admitted(await chain.checkTx(await signTx(devWallet(dev), { nonce, to: RECIPIENT, ...fees })));
    }
    const block = await produce(chain);
    expect(block.txs.map((tx) => [tx.sender, tx.nonce])).toEqual([
      [devAddress(8), 0n],
      [devAddress(9), 0n],
      [devAddress(9), 1n],
      [devAddress(7), 0n],
    ]);
    expect(block.txs.map((tx) => tx.index)).toEqual([0, 1, 2, 3]);
  });

  it('behavior: txs that became invalid are dropped with a reason, and so are the sender’s later nonces', async () => {
    const chain = await EvmChain.create({ blockGasLimit: 100_000n });
    const wallet = devWallet(5);
    // Exactly the base fee of block 1: after a full block 1 the base fee of block 2 is higher.
    const price = chain.pendingBaseFee;
    const filler = devWallet(6);
    for (let nonce = 0; nonce < 4; nonce++) {
      admitted(await chain.checkTx(await signTx(filler, { nonce, to: RECIPIENT, gasPrice: 2n * GWEI })));
    }
    admitted(await chain.checkTx(await signTx(wallet, { nonce: 0, to: RECIPIENT, gasPrice: price })));
    admitted(await chain.checkTx(await signTx(wallet, { nonce: 1, to: RECIPIENT, gasPrice: 2n * GWEI })));
    const block = await produce(chain);
    expect(block.txs).toHaveLength(4);
    expect(block.dropped).toEqual([
      expect.objectContaining({
        nonce: 0n,
        reason: `max fee per gas less than block base fee (${price} < ${block.nextBaseFee}): insufficient fee`,
      }),
      expect.objectContaining({ nonce: 1n, reason: 'invalid nonce; got 1, expected 0: invalid sequence' }),
    ]);
    expect(chain.pendingTxs()).toEqual([]);
  });

  it('behavior: BLOCKHASH serves the hashes the wrapper reports', async () => {
    const chain = await EvmChain.create();
    const hash = new Uint8Array(32).fill(7);
    await chain.produceBlock({ height: 1, timestamp: 1_700_000_001, proposer: PROPOSER, hash });
    await produce(chain);
    expect(chain.block(1).hash).toEqual(hash);
    chain.setBlockHash(2, new Uint8Array(32).fill(8));
    expect(chain.block(2).hash).toEqual(new Uint8Array(32).fill(8));
  });

  it('error: produceBlock at a height other than the next one', async () => {
    const chain = await EvmChain.create();
    await expect(chain.produceBlock({ height: 2, timestamp: 1, proposer: PROPOSER })).rejects.toBeInstanceOf(
      BlockHeightError,
    );
  });

  it('error: a query at a height not committed yet', async () => {
    const chain = await EvmChain.create();
    await expect(chain.balance(devAddress(0), 5)).rejects.toBeInstanceOf(UnknownHeightError);
    expect(() => chain.baseFee(5)).toThrow('cannot query with height in the future');
    await expect(chain.ethCall({ to: RECIPIENT }, { height: 1 })).rejects.toMatchObject({
      code: 26,
      codespace: 'sdk',
    });
  });
});
