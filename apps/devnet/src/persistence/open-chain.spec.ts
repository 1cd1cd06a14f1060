// Reopening a data dir puts the chain back as it was — state at every height, contract storage,
// block hashes, the next base fee, the validator — and it carries on from there.
import { toBeHex } from 'ethers';
import type { EvmChain, Hex } from '../evm';
import { PROBE_INIT_CODE, PROBE_RUNTIME, Probe, probeCall } from '../evm/testing/probe-contract';
import { GWEI, devAddress, devWallet, signTx } from '../evm/testing/sign';
import { openChain } from './open-chain';
import { openDataDirChain, tmpDataDir } from './testing/data-dir-chain';

jest.setTimeout(30_000);

const fees = { type: 2, maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI } as const;
const word = (value: bigint) => toBeHex(value, 32);

/** What a test compares between the chain as run and as reopened, at `height`. */
async function snapshot(evm: EvmChain, probe: Hex, height: number) {
  return {
    record: evm.block(height),
    sender: await evm.account(devAddress(1), height),
    recipient: await evm.balance(devAddress(2), height),
    coinbase: await evm.balance(devAddress(0), height),
    code: await evm.code(probe, height),
    stored: await evm.storage(probe, '0x0', height),
  };
}

describe(openChain.name, () => {
  let dir: string;
  let remove: () => Promise<void>;

  beforeEach(async () => ({ dir, remove } = await tmpDataDir()));
  afterEach(() => remove());

  it('default: the state at every height, storage included, comes back without re-execution', async () => {
    const first = await openDataDirChain(dir);
    const wallet = devWallet(1);
    await first.submit(
      await signTx(wallet, { ...fees, nonce: 0, data: PROBE_INIT_CODE, gasLimit: 200_000n }),
    );
    const deployed = await first.producer.produce();
    const probe = deployed.executed.txs[0]!.contractAddress!;
    const call = { ...fees, nonce: 1, to: probe, data: probeCall(Probe.store, 42n), gasLimit: 100_000n };
    await first.submit(await signTx(wallet, call));
    await first.submit(await signTx(devWallet(3), { ...fees, nonce: 0, to: devAddress(2), value: 5n }));
    await first.producer.produce();
    const last = await first.producer.produce();
    const before = await Promise.all([0, 1, 2, 3].map((h) => snapshot(first.evm, probe, h)));
    const pendingBaseFee = first.evm.pendingBaseFee;
    await first.close();

    const second = await openDataDirChain(dir);
    try {
      expect(second.restoredHeight).toBe(3n);
      expect(second.store.latestHeight).toBe(3n);
      expect(second.validator.address).toEqual(first.validator.address);
      expect(await Promise.all([0, 1, 2, 3].map((h) => snapshot(second.evm, probe, h)))).toEqual(before);
      expect(before[1]!.code).toEqual(PROBE_RUNTIME);
      expect(before[2]!.stored).toBe(word(42n));
      expect(second.evm.pendingBaseFee).toBe(pendingBaseFee);
      const get = await second.evm.ethCall({ to: probe, data: probeCall(Probe.get) }, { height: 2 });
      expect(get.ret).toEqual(Buffer.from(word(42n).slice(2), 'hex'));

      // It carries on: the sender's next nonce is accepted, the next block links to the last one.
      const clear = { ...fees, nonce: 2, to: probe, data: probeCall(Probe.clear), gasLimit: 100_000n };
      await second.submit(await signTx(wallet, clear));
      const next = await second.producer.produce();
      expect(next.block.header.height).toBe(4n);
      expect(next.block.header.lastBlockId).toEqual(last.id);
      expect(next.block.lastCommit).toEqual(last.commit);
      expect(next.block.header.appHash).toEqual(last.appHash);
      expect(next.executed.txs.map((tx) => tx.status)).toEqual([1]);
      expect(await second.evm.storage(probe, '0x0')).toBe(word(0n));
      expect(await second.evm.storage(probe, '0x0', 3)).toBe(word(42n));
    } finally {
      await second.close();
    }

    const third = await openDataDirChain(dir);
    expect(third.restoredHeight).toBe(4n);
    expect(await third.evm.storage(probe, '0x0', 3)).toBe(word(42n));
    expect(await third.evm.storage(probe, '0x0')).toBe(word(0n));
    await third.close();
  });

  it('behavior: without a data dir the chain lives in memory', async () => {
    const chain = await openChain({
      chainId: 'photon_9000-1',
      eip155ChainId: 9000n,
      allowUnprotectedTxs: false,
    });
    expect(chain.journal).toBeUndefined();
    expect(chain.restoredHeight).toBe(0n);
    expect(chain.genesis.stateRoot).toEqual(chain.evm.block(0).stateRoot);
    expect(chain.genesis.nodeId).toMatch(/^[0-9a-f]{40}$/);
  });
});
