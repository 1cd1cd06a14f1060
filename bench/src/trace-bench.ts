// `pnpm bench:trace`: trace speed on `photon start` — one block of 50 PhotonToken transfers, traced whole
// (debug_traceBlockByNumber) one call at a time, with callTracer and with the struct logger. Prints
// transactions traced per second and the size of one block's answer.
import { PHOTON_TOKEN_ARTIFACT, devWallet, rpc, startPhotonStack } from '@photon/testing';
import { type Contract, ContractFactory, JsonRpcProvider, NonceManager, Wallet, toQuantity } from 'ethers';

const TRANSFERS = Number(process.env['BENCH_TRANSFERS'] ?? 50);
const SECONDS = Number(process.env['BENCH_DURATION'] ?? 10);

interface Measured {
  tracer: string;
  traces: number;
  seconds: number;
  bytes: number;
}

async function measure(
  url: string,
  block: string,
  config: object,
  label: string,
  txs: number,
): Promise<Measured> {
  const trace = async (): Promise<number> => {
    const reply = await rpc<unknown[]>(url, 'debug_traceBlockByNumber', [block, config]);
    if (reply.error !== undefined || reply.result?.length !== txs) {
      throw new Error(`${label}: ${JSON.stringify(reply.error ?? reply.result?.length)}`);
    }
    return JSON.stringify(reply.result).length;
  };
  const bytes = await trace();
  let traced = 0;
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    await trace();
    traced += txs;
  }
  return { tracer: label, traces: traced, seconds: (performance.now() - started) / 1000, bytes };
}

async function main(): Promise<void> {
  // A long block time: the transfers, sent right after a block, land together in the next one even when
  // a loaded machine takes seconds to accept them.
  const stack = await startPhotonStack('in-process', {
    extraArgs: ['--rpc-api', 'web3,eth,net,debug', '--log-level', 'warn'],
    blockTimeMs: 30_000,
    readyTimeoutMs: 120_000,
  });
  const provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  provider.pollingInterval = 200;
  try {
    const owner = new NonceManager(devWallet(0).connect(provider));
    const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode, owner);
    const token = (await (await factory.deploy('Photon', 'PHO', 10n ** 24n)).waitForDeployment()) as Contract;
    // Signed here with consecutive nonces and sent in order, without waiting: the devnet refuses a nonce gap.
    const wallet = devWallet(1).connect(provider);
    const tokenAddress = await token.getAddress();
    const funding = (await token.getFunction('transfer')(wallet.address, 10n ** 20n)) as {
      wait(): Promise<unknown>;
    };
    await funding.wait();
    const nonce = await provider.getTransactionCount(wallet.address);
    const signed: string[] = [];
    for (let i = 0; i < TRANSFERS; i += 1) {
      signed.push(
        await wallet.signTransaction({
          chainId: 9000n,
          type: 2,
          nonce: nonce + i,
          to: tokenAddress,
          data: token.interface.encodeFunctionData('transfer', [
            Wallet.createRandom().address,
            BigInt(i + 1),
          ]),
          gasLimit: 80_000n,
          maxFeePerGas: 100_000_000_000n,
          maxPriorityFeePerGas: 1_000_000_000n,
        }),
      );
    }
    const sent: { wait(): Promise<{ blockNumber: number } | null> }[] = [];
    for (const raw of signed) sent.push(await provider.broadcastTransaction(raw));
    const receipts = await Promise.all(sent.map((tx) => tx.wait()));
    const heights = new Set(receipts.map((r) => r?.blockNumber));
    if (heights.size !== 1) throw new Error(`the transfers landed in ${heights.size} blocks, not one`);
    const block = toQuantity(receipts[0]?.blockNumber ?? 0);
    const rows = [
      await measure(stack.httpUrl, block, { tracer: 'callTracer' }, 'callTracer', TRANSFERS),
      await measure(stack.httpUrl, block, {}, 'struct logger', TRANSFERS),
    ];
    console.log(
      `block ${block}: ${TRANSFERS} PhotonToken transfers, traced whole, one call at a time, ${SECONDS} s each`,
    );
    for (const row of rows) {
      const perSecond = row.traces / row.seconds;
      console.log(
        `${row.tracer.padEnd(14)} ${perSecond.toFixed(0).padStart(6)} traces/s  ` +
          `(${(perSecond / TRANSFERS).toFixed(1)} blocks/s, ${(row.bytes / 1024).toFixed(0)} KiB per block)`,
      );
    }
  } finally {
    provider.destroy();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
