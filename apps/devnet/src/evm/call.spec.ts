import { Interface } from 'ethers';
import { ethCall, estimateGas } from './call';
import { EvmCallError, EvmTimeoutError } from './errors';
import { chainWithProbe } from './testing/probe-chain';
import { assemble, PROBE_ABI, Probe, probeCall } from './testing/probe-contract';
import { devAddress, GWEI } from './testing/sign';
import type { Hex } from './types';
import { callErrorMessage } from './vm-errors';

const word = (value: bigint) => probeCall(Probe.store, value).subarray(1);

describe(ethCall.name, () => {
  it('default', async () => {
    const { chain, probe } = await chainWithProbe();
    const result = await chain.ethCall({ to: probe, data: probeCall(Probe.get) });
    expect(result).toMatchObject({ ret: word(7n), vmError: '' });
    expect(result.gasUsed).toBeGreaterThan(21000n);
  });

  it('behavior: reads the state of an older height', async () => {
    const { chain, probe } = await chainWithProbe();
    expect((await chain.ethCall({ to: probe, data: probeCall(Probe.get) }, { height: 1 })).ret).toEqual(
      word(0n),
    );
    // Before the deployment there is no code: a call is a plain transfer of nothing.
    expect(await chain.ethCall({ to: probe, data: probeCall(Probe.get) }, { height: 0 })).toMatchObject({
      ret: new Uint8Array(),
      vmError: '',
    });
  });

  it('behavior: a revert returns the revert data and "execution reverted"', async () => {
    const { chain, probe } = await chainWithProbe();
    const reverted = await chain.ethCall({ from: devAddress(3), to: probe, data: probeCall(Probe.deny) });
    expect(reverted.vmError).toBe('execution reverted');
    const error = new Interface(PROBE_ABI).parseError(reverted.ret);
    expect(error?.name).toBe('Unauthorized');
    expect((error?.args[0] as string).toLowerCase()).toBe(devAddress(3));
    const reason = await chain.ethCall({ to: probe, data: probeCall(Probe.fail) });
    expect(callErrorMessage(reason.vmError, reason.ret)).toBe('execution reverted: boom');
  });

  it('behavior: the state changes of a call are thrown away', async () => {
    const { chain, probe } = await chainWithProbe();
    const stored = await chain.ethCall({ to: probe, data: probeCall(Probe.store, 99n) });
    expect(stored.logs).toHaveLength(1);
    expect(await chain.storage(probe, '0x00')).toBe(`0x${'00'.repeat(31)}07`);
    expect((await chain.ethCall({ to: probe, data: probeCall(Probe.get) })).ret).toEqual(word(7n));
  });

  it('behavior: the gas cap bounds the gas; running out is a vm error', async () => {
    const { chain, probe } = await chainWithProbe();
    const result = await chain.ethCall(
      { to: probe, data: probeCall(Probe.spin), gas: 10_000_000n },
      // About the cap, not the clock (see "out of gas at the cap").
      { gasCap: 100_000n, timeoutMs: 120_000 },
    );
    expect(result).toMatchObject({ vmError: 'out of gas', gasUsed: 100_000n });
  });

  it('behavior: fees are optional, and value needs a balance', async () => {
    const { chain } = await chainWithProbe();
    const to: Hex = `0x${'33'.repeat(20)}`;
    expect(
      (await chain.ethCall({ from: devAddress(5), to, value: 1n, maxFeePerGas: 2n * GWEI })).vmError,
    ).toBe('');
    expect((await chain.ethCall({ to, value: 1n })).vmError).toBe('insufficient balance for transfer');
  });

  it('error: the EVM timeout', async () => {
    const { chain, probe } = await chainWithProbe();
    const started = Date.now();
    await expect(
      chain.ethCall({ to: probe, data: probeCall(Probe.spin) }, { timeoutMs: 50 }),
    ).rejects.toThrow(new EvmTimeoutError(50));
    expect(Date.now() - started).toBeLessThan(2000);
    // The machine the timed-out call ran on serves the next call, with the state as committed.
    await chain
      .ethCall({ to: probe, data: probeCall(Probe.store, 99n) }, { timeoutMs: 50 })
      .catch(() => undefined);
    expect((await chain.ethCall({ to: probe, data: probeCall(Probe.get) })).ret).toEqual(word(7n));
  });

  it('error: a deadline passed before the call runs (its wait for a VM counts) is the timeout', async () => {
    const { chain, probe } = await chainWithProbe();
    const get = { to: probe, data: probeCall(Probe.get) };
    // Each reading of the clock is 10 ms later: a 5 ms deadline has passed by the time the call would run.
    let now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => (now += 10));
    try {
      await expect(chain.ethCall(get, { timeoutMs: 5 })).rejects.toThrow(new EvmTimeoutError(5));
      await expect(chain.estimateGas(get, { timeoutMs: 5 })).rejects.toThrow(new EvmTimeoutError(5));
    } finally {
      clock.mockRestore();
    }
    expect((await chain.ethCall(get)).ret).toEqual(word(7n));
  });

  it('error: gas below the intrinsic gas, and a fee cap below the base fee', async () => {
    const { chain, probe } = await chainWithProbe();
    await expect(chain.ethCall({ to: probe, gas: 20_000n })).rejects.toThrow(
      new EvmCallError('apply message: intrinsic gas too low'),
    );
    await expect(chain.ethCall({ from: devAddress(0), to: probe, gasPrice: 1n })).rejects.toThrow(
      /^max fee per gas less than block base fee: address 0x[0-9a-f]{40}, maxFeePerGas: 1, baseFee: \d+$/,
    );
  });
});

describe(estimateGas.name, () => {
  it('default', async () => {
    const { chain } = await chainWithProbe();
    const to: Hex = `0x${'33'.repeat(20)}`;
    expect(await chain.estimateGas({ from: devAddress(0), to, value: 1n })).toEqual({
      gas: 21000n,
      ret: new Uint8Array(),
      vmError: '',
    });
  });

  it('behavior: a contract call gets the least gas it succeeds with', async () => {
    const { chain, probe } = await chainWithProbe();
    const args = { from: devAddress(0), to: probe, data: probeCall(Probe.store, 8n) };
    const { gas } = await chain.estimateGas(args);
    expect((await chain.ethCall({ ...args, gas })).vmError).toBe('');
    expect((await chain.ethCall({ ...args, gas: gas - 1n })).vmError).not.toBe('');
  });

  it('behavior: a revert comes back as data (EstimateGasResponse.ret and vm_error)', async () => {
    const { chain, probe } = await chainWithProbe();
    const result = await chain.estimateGas({ to: probe, data: probeCall(Probe.fail) });
    expect(result.gas).toBe(0n);
    expect(callErrorMessage(result.vmError, result.ret)).toBe('execution reverted: boom');
  });

  it('error: out of gas at the cap', async () => {
    const { chain, probe } = await chainWithProbe();
    // About sixteen runs of a loop to the cap: on a loaded CI box they may take longer than the default EVM
    // timeout of 5 s, and this case is about the cap, not the clock.
    await expect(
      chain.estimateGas({ to: probe, data: probeCall(Probe.spin) }, { gasCap: 60_000n, timeoutMs: 120_000 }),
    ).rejects.toThrow(new EvmCallError('gas required exceeds allowance (60000)'));
  });

  it('error: a creation that cannot pay for storing its code at the allowance', async () => {
    const { chain } = await chainWithProbe();
    // Init code returning 1,000 zero bytes as the runtime: 200,000 gas to store them, more than given.
    const data = assemble(['0x03e8', '0x00', 'RETURN']);
    await expect(chain.estimateGas({ from: devAddress(0), data, gas: 100_000n })).rejects.toThrow(
      new EvmCallError('contract creation code storage out of gas'),
    );
    expect((await chain.estimateGas({ from: devAddress(0), data })).gas).toBeGreaterThan(200_000n);
  });

  it('error: a gas cap under 21000', async () => {
    const { chain } = await chainWithProbe();
    await expect(chain.estimateGas({}, { gasCap: 20_000n })).rejects.toThrow(
      'gas cap cannot be lower than 21,000',
    );
  });
});
