// `pnpm bench:trace`: trace speed on `photon start` — one block of 50 PhotonToken transfers, traced whole
// (debug_traceBlockByNumber) one call at a time, with callTracer and with the struct logger. Prints
// transactions traced per second and the size of one block's answer.
import { DevnetClient, PHOTON_TOKEN_ARTIFACT, devWallet, rpc, startPhotonStack } from '@photon/testing';
import {
  type Contract,
  ContractFactory,
  JsonRpcProvider,
  NonceManager,
  Wallet,
  keccak256,
  toQuantity,
} from 'ethers';

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
  // 15 s blocks: the transfers, broadcast to the devnet right after a block, land together in the next one.
  const stack = await startPhotonStack('in-process', {
    extraArgs: ['--rpc-api', 'web3,eth,net,debug', '--log-level', 'warn'],
    blockTimeMs: 15_000,
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
    const devnet = new DevnetClient(stack.devnetUrl);
    let block: string | undefined;
    // A loaded machine may straddle a block boundary while broadcasting: then the batch is sent again.
    for (let attempt = 1; attempt <= 5 && block === undefined; attempt += 1) {
      const nonce = await provider.getTransactionCount(wallet.address, 'pending');
      const signed: string[] = [];
      for (let i = 0; i < TRANSFERS; i += 1) {
        const data = token.interface.encodeFunctionData('transfer', [
          Wallet.createRandom().address,
          BigInt(i + 1),
        ]);
        signed.push(
          await wallet.signTransaction({
            chainId: 9000n,
            type: 2,
            nonce: nonce + i,
            to: tokenAddress,
            data,
            gasLimit: 80_000n,
            maxFeePerGas: 100_000_000_000n,
            maxPriorityFeePerGas: 1_000_000_000n,
          }),
        );
      }
      // Right after a block, straight to the devnet's CometBFT RPC, in order: what is measured is tracing.
      const head = await provider.getBlockNumber();
      while ((await provider.getBlockNumber()) === head)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      for (const raw of signed) {
        const answer = await devnet.broadcast(raw);
        if (answer.code !== 0) throw new Error(`broadcast refused: ${answer.log}`);
      }
      const broadcastMs = performance.now() - started;
      const receipts = await Promise.all(signed.map((raw) => provider.waitForTransaction(keccak256(raw))));
      const heights = [...new Set(receipts.map((r) => r?.blockNumber))];
      if (heights.length === 1 && heights[0] !== undefined) block = toQuantity(heights[0]);
      else
        console.log(
          `attempt ${attempt}: broadcast took ${broadcastMs.toFixed(0)} ms, landed in ${heights.length} blocks`,
        );
    }
    if (block === undefined) throw new Error('the transfers never landed in one block');
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
