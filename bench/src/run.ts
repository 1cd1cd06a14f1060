// `pnpm bench`: starts every selected target as child processes, then drives each workload at
// each target with autocannon in interleaved rounds, and prints req/s and latency with the median
// per-round ratio to the plain node:http echo (and with --peers, to anvil, hardhat and ganache),
// the RSS of each target's processes per round, and writes the run to bench/results/.
import { cpus } from 'node:os';
import { TRANSFERS, plannedTxHeights } from './bench-chain';
import { type BenchChain, makeBenchChain } from './make-bench-chain';
import { USAGE, UsageError, parseOptions } from './options';
import {
  commandLine,
  commandText,
  connectionCapsLine,
  errorProblems,
  machineDescription,
  machineLine,
  resultsTable,
  settingsLine,
  summarizeCells,
} from './report';
import { type ResultTarget, benchResult, sampleKey } from './results-json';
import { CpuMeter, targetCpuParts } from './cpu-meter';
import { capacityTables, cpuTable } from './cpu-report';
import { goalBudget, goalBudgetTable } from './goal-budget';
import { GOALS, judgedGoals } from './goals';
import { type Cell, type StartedTarget, runRounds } from './rounds';
import { RssRecorder } from './rss';
import { rssTable } from './rss-report';
import { tail } from './text-tail';
import { type RunningTarget, TARGETS, type TargetContext } from './targets';
import { EXTRA_WORKLOADS, WORKLOADS } from './workloads';
import { writeResults } from './write-results';

// Without a devnet chain to copy heights from, a peer's deploy goes into block 1.
const PLANNED_DEPLOY_HEIGHT = 1n;

const log = (line: string): void => void process.stderr.write(`${line}\n`);

const kindOf = (t: { baseline?: boolean; peer?: boolean }): ResultTarget['kind'] =>
  t.baseline === true ? 'baseline' : t.peer === true ? 'peer' : 'photon';

async function main(): Promise<number> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env, {
      targets: TARGETS.map((t) => t.name),
      workloads: WORKLOADS.map((w) => w.name),
      extraWorkloads: EXTRA_WORKLOADS.map((w) => w.name),
      peers: TARGETS.filter((t) => t.peer === true).map((t) => t.name),
      namedOnly: TARGETS.filter((t) => t.onlyWhenNamed === true).map((t) => t.name),
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
  const workloads = [...WORKLOADS, ...EXTRA_WORKLOADS].filter((w) => options.workloads.includes(w.name));
  const baseline = targets.find((t) => t.baseline === true)?.name;
  const peers = targets.filter((t) => t.peer === true).map((t) => t.name);
  const startedAt = new Date();
  const machine = machineDescription();
  const command = commandText(process.argv, process.env);
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
    chainHeight: options.chainHeight,
    chainDir: async () => {
      if (chain === undefined) {
        log(`[chain] making ${options.chainHeight} blocks with PhotonToken and ${TRANSFERS} transfers`);
        const began = performance.now();
        chain = makeBenchChain(options.chainHeight);
        const made = await chain;
        log(
          `[chain] made in ${((performance.now() - began) / 1000).toFixed(1)} s; ` +
            `deploy and transfers at heights ${made.txHeights.join(', ')}`,
        );
      }
      return (await chain).dir;
    },
    // Photon's targets start first (table order), so by now the chain exists if any of them made it.
    txHeights: async () =>
      (await chain?.catch(() => undefined))?.txHeights ?? plannedTxHeights(PLANNED_DEPLOY_HEIGHT),
  };
  const rss = new RssRecorder();
  const resultTargets: ResultTarget[] = [];
  const missingCells: Cell[] = [];
  try {
    // All up front: an idle target costs next to nothing, and the rounds need them all at once.
    for (const target of targets) {
      log(`[${target.name}] starting`);
      try {
        const r = await target.start(context);
        running.push(r);
        const parts = await targetCpuParts(r.processes, {
          peer: target.peer === true,
          log: (line) => log(`[${target.name}] ${line}`),
        });
        log(`[${target.name}] CPU read from: ${parts.map((p) => `${p.role} ${p.tid ?? p.pid}`).join(', ')}`);
        started.push({
          name: target.name,
          url: r.url,
          checkReplies: target.baseline !== true,
          processes: r.processes,
          cpu: new CpuMeter(parts),
        });
        rss.add(target.name, r.processes);
        resultTargets.push({ name: target.name, kind: kindOf(target) });
      } catch (err) {
        const why = tail(err instanceof Error ? err.message : String(err), 40);
        // A peer that is not installed or does not start is named in the table, never silently dropped.
        problems.push(`${target.name}: ${target.peer === true ? 'missing: ' : ''}failed to start: ${why}`);
        log(`[${target.name}] failed to start`);
        resultTargets.push({ name: target.name, kind: kindOf(target), missing: why.split('\n')[0] ?? why });
        for (const workload of workloads)
          missingCells.push({
            target: target.name,
            workload,
            failure: 'missing',
            missing: true,
            samples: [],
          });
      }
    }
    const measured = await runRounds(started, workloads, options, {
      log,
      problem: (text) => problems.push(text),
      roundDone: (round) => rss.sample(round),
    });
    // Table order: a missing target's cells where its measured ones would be.
    const cells = targets.flatMap((t) => [...measured, ...missingCells].filter((c) => c.target === t.name));
    const rows = summarizeCells(cells, baseline, peers);
    problems.push(...errorProblems(rows));

    console.log('');
    console.log(resultsTable(rows, baseline, peers));
    const cpu = cpuTable(rows);
    if (cpu !== undefined)
      console.log(`\nCPU per request (utime+stime from /proc over each measured window):\n${cpu}`);
    const capacity = capacityTables(
      rows,
      targets.filter((t) => t.baseline !== true && t.peer !== true).map((t) => t.name),
    );
    if (capacity.length > 0)
      console.log(
        `\ncapacity, requests per second per core of each process (1e6 ÷ µs per request):\n${capacity.join('\n\n')}`,
      );
    if (rss.series.length > 0)
      console.log(`\nRSS of each target's processes (VmRSS, MiB):\n${rssTable(rss.series)}`);
    const goals = judgedGoals(
      GOALS,
      cells,
      targets.map((t) => t.name),
    );
    if (goals.length > 0)
      console.log(
        `\ngoals (informational, median of per-round req/s ratios):\n${goals.map((g) => g.line).join('\n')}`,
      );
    const budgets = goals.flatMap(({ goal, failed }) => {
      const budget = failed ? goalBudget(goal, cells, cpus().length) : undefined;
      return budget === undefined ? [] : [budget];
    });
    const budgetTable = goalBudgetTable(budgets);
    if (budgetTable !== undefined)
      console.log(
        `\nwhat each failing goal would cost the box (CPU µs a request at the rate it needs; medians over rounds):\n${budgetTable}`,
      );

    const written = await writeResults(
      benchResult({
        startedAt,
        finishedAt: new Date(),
        machine,
        command,
        settings: options,
        baseline,
        targets: resultTargets,
        rows,
        samples: new Map(cells.map((c) => [sampleKey(c.target, c.workload.name), c.samples])),
        rss: rss.series,
        problems,
      }),
    );
    console.log(`\nresults: ${written.json}${written.png === undefined ? '' : `\nchart: ${written.png}`}`);
    if (written.chartError !== undefined) problems.push(`chart: ${written.chartError}`);
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
