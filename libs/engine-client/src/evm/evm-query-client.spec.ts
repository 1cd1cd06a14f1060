import { type Hex } from '@photon/types';
import { getAddress } from 'ethers';
import { AbciQueryError, HeightNotAvailableError } from '../errors';
import { CometHttpClient } from '../http/comet-http-client';
import { DEVNET, devnetResult } from '../testing/devnet-fixture';
import { LOG_PROBE } from '../testing/fixtures';
import { startReplayEngine, type ReplayEngine } from '../testing/replay-engine';
import { abciValue } from './abci-answer';
import { EvmQueryClient } from './evm-query-client';

const { scenario } = DEVNET;
const height = BigInt(scenario.height);
const chainId = BigInt(scenario.chainId);
const GAS_CAP = 25_000_000n;
// The recorder sent EIP-55 addresses in the call args; the replay matches the exact bytes.
const deployer = getAddress(scenario.accounts.deployer);

describe(EvmQueryClient.name, () => {
  let engine: ReplayEngine;
  let comet: CometHttpClient;
  let evm: EvmQueryClient;

  beforeEach(async () => {
    engine = await startReplayEngine(DEVNET.exchanges);
    comet = new CometHttpClient(engine.url);
    evm = new EvmQueryClient(comet);
  });

  afterEach(async () => {
    comet.close();
    await engine.close();
  });

  it('default: balance, code and account at a height', async () => {
    const balance = await evm.balance(scenario.accounts.deployer, height);
    expect(balance).toBeGreaterThan(0n);
    expect(await evm.code(scenario.contract, height)).toBe(LOG_PROBE.runtime);
    const account = await evm.account(scenario.accounts.deployer, height);
    // The creation, the log call and the revert.
    expect(account).toMatchObject({ balance, nonce: 3n });
    expect(account.codeHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('behavior: base fee at a height', async () => {
    const results = devnetResult('block_results', { height: scenario.height }) as {
      finalize_block_events: { type: string; attributes: { key: string; value: string }[] }[];
    };
    const event = results.finalize_block_events.find((e) => e.type === 'fee_market')?.attributes[0]?.value;
    expect(await evm.baseFee(height)).toBe(BigInt(event ?? -1));
  });

  it('behavior: eth_call returns the logs of a successful call and the revert of a failing one', async () => {
    const ok = await evm.ethCall({
      args: { to: scenario.contract, from: deployer },
      gasCap: GAS_CAP,
      chainId,
      height,
    });
    expect(ok.vmError).toBe('');
    expect(ok.ret).toBe('0x');
    expect(ok.gasUsed).toBeGreaterThan(21_000n);
    expect(ok.logs.map((l) => l.topics)).toEqual([[scenario.pingTopic]]);
    const reverted = await evm.ethCall({
      args: { to: scenario.contract, data: '0x01' },
      gasCap: GAS_CAP,
      chainId,
      height,
    });
    expect(reverted).toMatchObject({ vmError: 'execution reverted', ret: '0x', logs: [] });
  });

  it('behavior: estimateGas', async () => {
    const estimate = await evm.estimateGas({
      args: { to: scenario.contract, from: deployer },
      gasCap: GAS_CAP,
      chainId,
      height,
    });
    expect(estimate.vmError).toBe('');
    expect(estimate.gas).toBeGreaterThan(21_000n);
  });

  it('behavior: the proposer consensus address maps to its EVM account (bech32 prefix falls back to ethm)', async () => {
    const block = devnetResult('block', { height: scenario.height }) as {
      block: { header: { proposer_address: string } };
    };
    const proposer: Hex = `0x${block.block.header.proposer_address.toLowerCase()}`;
    expect(await evm.validatorAccount(proposer)).toBe(scenario.accounts.deployer);
    expect(await evm.bech32Prefix()).toBe('ethm');
  });

  it('behavior: a configured bech32 prefix is used without asking the node', async () => {
    const configured = new EvmQueryClient(comet, { bech32Prefix: 'crc' });
    expect(await configured.bech32Prefix()).toBe('crc');
    expect(engine.calls).toEqual([]);
  });

  it('error: a height the application does not have is HeightNotAvailableError (header not found)', async () => {
    const failure = evm.balance(scenario.accounts.deployer, BigInt(scenario.futureHeight));
    await expect(failure).rejects.toThrow(HeightNotAvailableError);
    await expect(failure).rejects.toMatchObject({ code: -32000, message: 'header not found' });
  });

  it('error: a query the application refuses is AbciQueryError', async () => {
    // Recorded: the devnet has no auth Bech32Prefix query ("unknown query path").
    const answer = await comet.abciQuery('/cosmos.auth.v1beta1.Query/Bech32Prefix', new Uint8Array());
    expect(answer.code).toBe(6);
    expect(() => abciValue('/cosmos.auth.v1beta1.Query/Bech32Prefix', answer, undefined)).toThrow(
      AbciQueryError,
    );
  });
});
