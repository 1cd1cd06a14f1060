// The direct path of fee-less calls (direct-call.ts) against runTx: every outcome a call returns — data,
// error, gas used, logs — is the same, call after call on the same kept VM (warm sets, original storage
// and nonces reset between calls). A call with a gas price takes runTx, so each case is run both ways.
import { toBeHex } from 'ethers';
import type { EvmChain } from './evm-chain';
import { PROBE_PROPOSER, chainWithProbe } from './testing/probe-chain';
import { assemble, Probe, probeCall } from './testing/probe-contract';
import { devAddress, devWallet, GWEI, signTx } from './testing/sign';
import type { CallArgs } from './types';
import type { Hex } from './types';

/** Above any base fee of these blocks: the priced twin of a call runs through runTx. */
const PRICED = { gasPrice: 50n * GWEI };

/**
 * Touches what runTx warms before a call (the caller, the coinbase, itself, a precompile) and one cold
 * account, so any difference in the warm sets shows in the gas; returns the transient slot 0 it then sets,
 * which a later call would see if transient storage outlived its call.
 */
// prettier-ignore
const WARMTH_RUNTIME = assemble([
  'CALLER', 'BALANCE', 'POP', 'COINBASE', 'BALANCE', 'POP', 'ADDRESS', 'BALANCE', 'POP',
  '0x04', 'BALANCE', 'POP', `0x${'12'.repeat(20)}`, 'BALANCE', 'POP',
  '0x00', 'TLOAD', '0x00', 'MSTORE', '0x01', '0x00', 'TSTORE', '0x20', '0x00', 'RETURN',
]);
const WARMTH_INIT_CODE = Uint8Array.from([
  ...assemble([toBeHex(WARMTH_RUNTIME.length, 2), 'DUP1', '0x0c', '0x00', 'CODECOPY', '0x00', 'RETURN']),
  ...WARMTH_RUNTIME,
]);

async function deployWarmth(chain: EvmChain): Promise<Hex> {
  const deploy = { nonce: 2, data: WARMTH_INIT_CODE, gasLimit: 200_000n, gasPrice: 2n * GWEI };
  await chain.checkTx(await signTx(devWallet(0), deploy));
  return (await chain.produceBlock({ height: 3, timestamp: 13, proposer: PROBE_PROPOSER })).txs[0]
    ?.contractAddress as Hex;
}

/** The out-of-gas case loops to its gas: it must end at the gas, not at the 5 s EVM timeout of a loaded box. */
const NO_CLOCK = { timeoutMs: 120_000 };

describe('direct fee-less calls', () => {
  it('behavior: each outcome equals runTx’s, call after call on the same VM', async () => {
    const { chain, probe } = await chainWithProbe();
    const warmth = await deployWarmth(chain);
    const from = devAddress(1);
    const cases: [string, CallArgs][] = [
      ['warm and cold accounts, transient storage', { from, to: warmth }],
      ['a read', { from, to: probe, data: probeCall(Probe.get) }],
      [
        'a write with a log (cold slot, then original value)',
        { from, to: probe, data: probeCall(Probe.store, 99n) },
      ],
      ['a write back to zero (refund capped)', { from, to: probe, data: probeCall(Probe.store, 0n) }],
      ['a refunded clear', { from, to: probe, data: probeCall(Probe.clear) }],
      ['a revert with a reason', { from, to: probe, data: probeCall(Probe.fail) }],
      ['a revert with a custom error', { from, to: probe, data: probeCall(Probe.deny) }],
      ['out of gas', { from, to: probe, data: probeCall(Probe.spin), gas: 60_000n }],
      ['value to an account', { from, to: devAddress(5), value: 12_345n }],
      ['data to an account', { from, to: devAddress(5), data: Uint8Array.of(0x00, 0xff, 0x00) }],
      [
        'a precompile (identity)',
        { from, to: `0x${'00'.repeat(19)}04`, data: Uint8Array.of(0xde, 0xad, 0xbe, 0xef) },
      ],
      [
        'with an access list',
        {
          from,
          to: probe,
          data: probeCall(Probe.get),
          accessList: [{ address: probe, storageKeys: [`0x${'00'.repeat(32)}`] }],
        },
      ],
      ['from no account at all', { to: probe, data: probeCall(Probe.get) }],
    ];
    // Twice over, so that every case also runs after all the others on the kept VMs.
    for (let round = 0; round < 2; round++) {
      for (const [name, args] of cases) {
        const direct = await chain.ethCall(args, NO_CLOCK);
        const viaRunTx = await chain.ethCall(
          { ...args, from: args.from ?? devAddress(2), ...PRICED },
          NO_CLOCK,
        );
        const fromZero = args.from === undefined;
        expect({ name, ...direct }).toEqual({
          name,
          ...viaRunTx,
          // A different caller changes nothing here but the cost of warming it: none, both are warm.
          gasUsed: fromZero ? direct.gasUsed : viaRunTx.gasUsed,
        });
        if (fromZero) expect(direct.gasUsed).toBe(viaRunTx.gasUsed);
      }
    }
  });

  it('behavior: estimateGas without fees finds the same gas as with them', async () => {
    const { chain, probe } = await chainWithProbe();
    const from = devAddress(1);
    for (const args of [
      { from, to: probe, data: probeCall(Probe.store, 99n) },
      { from, to: devAddress(5), value: 1n },
    ]) {
      expect((await chain.estimateGas(args)).gas).toBe((await chain.estimateGas({ ...args, ...PRICED })).gas);
    }
  });
});
