// `pnpm bench`: starts each target as child processes, drives each workload at it with autocannon,
// and prints req/s and latency as ratios to the plain node:http echo measured in the same run.
import { type Measurement, measure } from './measure';
import { USAGE, UsageError, parseOptions } from './options';
import { commandLine, goalLines, machineLine, resultsTable, settingsLine } from './report';
import { type RunningTarget, TARGETS } from './targets';
import { WORKLOADS } from './workloads';

const log = (line: string): void => void process.stderr.write(`${line}\n`);

function tail(text: string, lines: number): string {
  const all = text.trimEnd().split('\n');
  return (all.length > lines ? ['…', ...all.slice(-lines)] : all).join('\n');
}

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

  const measurements: Measurement[] = [];
  const problems: string[] = [];
  for (const target of targets) {
    log(`[${target.name}] starting`);
    let running: RunningTarget;
    try {
      running = await target.start();
    } catch (err) {
      problems.push(
        `${target.name}: failed to start: ${tail(err instanceof Error ? err.message : String(err), 40)}`,
      );
      log(`[${target.name}] failed to start`);
      continue;
    }
    try {
      for (const workload of workloads) {
        log(
          `[${target.name}] ${workload.name}: warm-up ${options.warmupS} s, measuring ${options.durationS} s`,
        );
        const m = await measure(
          { name: target.name, url: running.url, checkReplies: target.baseline !== true },
          workload,
          options,
        );
        measurements.push(m);
        if (m.failure !== undefined) problems.push(`${target.name} ${workload.name}: ${m.failure}`);
        else if (m.non2xx + m.errors + m.rpcErrors > 0) {
          problems.push(
            `${target.name} ${workload.name}: ${m.non2xx} non-2xx, ${m.errors} connection errors, ${m.rpcErrors} JSON-RPC errors`,
          );
        }
      }
      const dead = running.processes.filter((p) => p.hasExited());
      if (dead.length > 0) {
        problems.push(
          `${target.name}: a process exited during the run:\n${tail(dead.map((p) => p.output()).join('\n'), 40)}`,
        );
      }
    } finally {
      await running.stop();
    }
  }

  console.log('');
  console.log(resultsTable(measurements, baseline));
  const goals = goalLines(targets, measurements, baseline);
  if (goals.length > 0)
    console.log(`\ngoals (informational, ratios of req/s in this run):\n${goals.join('\n')}`);
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
