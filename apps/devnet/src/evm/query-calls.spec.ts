// Query VMs kept across calls with their reads kept by root and their jump analyses kept by code: each call
// still sees exactly the state of its height, as committed, whatever ran on the same VM before.
import { bytesToHex } from '@ethereumjs/util';
import { EvmTimeoutError } from './errors';
import { EvmChain } from './evm-chain';
import { devGenesis } from './genesis';
import { assemble, PROBE_INIT_CODE, Probe, probeCall } from './testing/probe-contract';
import { devAddress, devWallet, GWEI, signTx } from './testing/sign';
import type { Hex } from './types';

const PROPOSER: Hex = `0x${'ab'.repeat(20)}`;
const FEES = { gasPrice: 2n * GWEI };
const word = (value: bigint) => probeCall(Probe.store, value).subarray(1);

async function deployProbe(chain: EvmChain): Promise<Hex> {
  await chain.checkTx(
    await signTx(devWallet(0), { nonce: 0, data: PROBE_INIT_CODE, gasLimit: 200_000n, ...FEES }),
  );
  const block = await chain.produceBlock({ height: 1, timestamp: 11, proposer: PROPOSER });
  return block.txs[0]?.contractAddress as Hex;
}

async function storeInBlock(chain: EvmChain, probe: Hex, nonce: number, value: bigint): Promise<void> {
  const data = probeCall(Probe.store, value);
  await chain.checkTx(await signTx(devWallet(0), { nonce, to: probe, data, gasLimit: 100_000n, ...FEES }));
  const height = chain.latestHeight + 1;
  await chain.produceBlock({ height, timestamp: 10 + height, proposer: PROPOSER });
}

const get = (chain: EvmChain, probe: Hex, height?: number) =>
  chain.ethCall({ to: probe, data: probeCall(Probe.get) }, height === undefined ? {} : { height });

describe('query state kept between calls', () => {
  it('behavior: a call at an older height sees that height after newer blocks, the latest sees the newest', async () => {
    const chain = await EvmChain.create();
    const probe = await deployProbe(chain);
    await storeInBlock(chain, probe, 1, 7n);
    expect((await get(chain, probe)).ret).toEqual(word(7n));
    await storeInBlock(chain, probe, 2, 8n);
    expect((await get(chain, probe)).ret).toEqual(word(8n));
    expect((await get(chain, probe, 2)).ret).toEqual(word(7n));
    expect((await get(chain, probe, 1)).ret).toEqual(word(0n));
    await storeInBlock(chain, probe, 3, 9n);
    expect((await get(chain, probe, 3)).ret).toEqual(word(8n));
    expect((await get(chain, probe)).ret).toEqual(word(9n));
  });

  it('behavior: a state-changing call leaves no trace for the next call on the same VM', async () => {
    const chain = await EvmChain.create();
    const probe = await deployProbe(chain);
    await storeInBlock(chain, probe, 1, 7n);
    expect((await get(chain, probe)).ret).toEqual(word(7n));
    const from = devAddress(4);
    for (const value of [99n, 0n, 5n]) {
      const stored = await chain.ethCall({ from, to: probe, data: probeCall(Probe.store, value) });
      expect(stored.vmError).toBe('');
      expect((await get(chain, probe)).ret).toEqual(word(7n));
    }
    // Nor in the sender's account: a call's nonce is the committed one each time.
    expect((await chain.account(from)).nonce).toBe(0n);
    const args = { from, to: probe, data: probeCall(Probe.store, 1n) };
    const first = await chain.estimateGas(args);
    expect(await chain.estimateGas(args)).toEqual(first);
  });

  it('error: the EVM timeout still fires on a VM whose code analysis is kept', async () => {
    const chain = await EvmChain.create();
    const probe = await deployProbe(chain);
    const spin = { to: probe, data: probeCall(Probe.spin) };
    for (let i = 0; i < 2; i++) {
      await expect(chain.ethCall(spin, { timeoutMs: 30 })).rejects.toThrow(new EvmTimeoutError(30));
    }
    expect((await get(chain, probe)).ret).toEqual(word(0n));
  });

  it('error: a call cut off by the timeout leaves none of its writes for the next call', async () => {
    // With empty calldata it stores 42 in slot 0 and loops forever; with a non-zero word it returns slot 0.
    const code = assemble(
      ['0x00', 'CALLDATALOAD', '@read', 'JUMPI', '0x2a', '0x00', 'SSTORE', 'loop:', '@loop', 'JUMP'].concat([
        'read:',
        '0x00',
        'SLOAD',
        '0x00',
        'MSTORE',
        '0x20',
        '0x00',
        'RETURN',
      ]),
    );
    const storer: Hex = `0x${'5e'.repeat(20)}`;
    const genesis = devGenesis();
    genesis.accounts.push({ address: storer, balance: 0n, code });
    const chain = await EvmChain.create({ genesis });
    await chain.produceBlock({ height: 1, timestamp: genesis.timestamp + 1, proposer: PROPOSER });
    const read = { to: storer, data: word(1n) };
    expect(bytesToHex((await chain.ethCall(read)).ret)).toBe(bytesToHex(word(0n)));
    await expect(chain.ethCall({ to: storer }, { timeoutMs: 30 })).rejects.toThrow(new EvmTimeoutError(30));
    expect(bytesToHex((await chain.ethCall(read)).ret)).toBe(bytesToHex(word(0n)));
  });
});
