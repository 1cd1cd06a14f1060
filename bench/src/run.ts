// `pnpm bench`: starts every selected target as child processes, then drives each workload at
// each target with autocannon in interleaved rounds, and prints req/s and latency with the median
// per-round ratio to the plain node:http echo.
import { CHAIN_HEIGHT, TRANSFERS } from './bench-chain';
import { type BenchChain, makeBenchChain } from './make-bench-chain';
import { USAGE, UsageError, parseOptions } from './options';
import {
  commandLine,
  connectionCapsLine,
  errorProblems,
  goalLines,
  machineLine,
  resultsTable,
  settingsLine,
  summarizeCells,
} from './report';
import { type StartedTarget, runRounds } from './rounds';
import { tail } from './text-tail';
import { type RunningTarget, TARGETS, type TargetContext } from './targets';
import { WORKLOADS } from './workloads';

const log = (line: string): void => void process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env, {
      targets: TARGETS.map((t) => t.name),
      workloads: WORKLOADS.map((w) => w.name),
    });
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    log(`${err.message}\n${USAGE}`);
    return 2;
  }
  if (options === undefined) {
    console.log(USAGE);
    return 0;
  }

  const targets = TARGETS.filter((t) => options.targets.includes(t.name));
  const workloads = WORKLOADS.filter((w) => options.workloads.includes(w.name));
  const baseline = targets.find((t) => t.baseline === true)?.name;
  console.log(machineLine());
  console.log(commandLine(process.argv, process.env));
  console.log(settingsLine(options));
  const caps = connectionCapsLine(workloads, options);
  if (caps !== undefined) console.log(caps);

  const problems: string[] = [];
  const running: RunningTarget[] = [];
  const started: StartedTarget[] = [];
  // Made once, by the first target that needs it (so `--targets echo` makes none).
  let chain: Promise<BenchChain> | undefined;
  const context: TargetContext = {
    chainDir: async () => {
      if (chain === undefined) {
        log(`[chain] making ${CHAIN_HEIGHT} blocks with PhotonToken and ${TRANSFERS} transfers`);
        const began = performance.now();
        chain = makeBenchChain();
        const made = await chain;
        log(
          `[chain] made in ${((performance.now() - began) / 1000).toFixed(1)} s; ` +
            `deploy and transfers at heights ${made.txHeights.join(', ')}`,
        );
      }
      return (await chain).dir;
    },
  };
  try {
    // All up front: an idle target costs next to nothing, and the rounds need them all at once.
    for (const target of targets) {
      log(`[${target.name}] starting`);
      try {
        const r = await target.start(context);
        running.push(r);
        started.push({
          name: target.name,
          url: r.url,
          checkReplies: target.baseline !== true,
          processes: r.processes,
        });
      } catch (err) {
        problems.push(
          `${target.name}: failed to start: ${tail(err instanceof Error ? err.message : String(err), 40)}`,
        );
        log(`[${target.name}] failed to start`);
      }
    }
    const cells = await runRounds(started, workloads, options, {
      log,
      problem: (text) => problems.push(text),
    });
    const rows = summarizeCells(cells, baseline);
    problems.push(...errorProblems(rows));

    console.log('');
    console.log(resultsTable(rows, baseline));
    const goals = goalLines(targets, rows, baseline);
    if (goals.length > 0)
      console.log(`\ngoals (informational, median of per-round req/s ratios):\n${goals.join('\n')}`);
  } finally {
    await Promise.all(running.map((r) => r.stop()));
    await (await chain?.catch(() => undefined))?.remove();
  }
  if (problems.length > 0) console.log(`\nproblems:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  return problems.length > 0 ? 1 : 0;
}

// Exiting runs the testing library's exit hook, which kills every child still running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
