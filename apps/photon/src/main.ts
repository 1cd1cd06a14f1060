#!/usr/bin/env node
// The photon command. Parses the subcommand, loads and validates its config (flags, then
// PHOTON_* env vars), and starts it; a bad config stops the start with one line.
import 'reflect-metadata';
import {
  CLUSTER_RUN_SCHEMA,
  ConfigError,
  DEVNET_SCHEMA,
  EVENTS_SCHEMA,
  GATEWAY_SCHEMA,
  KEYSTORE_SCHEMA,
  PRUNE_SCHEMA,
  QUERY_SCHEMA,
  START_SCHEMA,
  TX_SCHEMA,
  type Schema,
  describeSchema,
  loadConfig,
} from '@photon/config';
import { PHOTON_VERSION } from '@photon/types';
import type { LogFormat, LogLevel } from '@photon/config';
import { CLUSTER_ROLE_ENV } from './cluster/role-process';
import { type PhotonLogger, photonLogger } from './photon-logger';

interface LoggingConfig {
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  readonly quiet: boolean;
}

type Run = (config: never, logger: PhotonLogger) => Promise<void>;

interface Command {
  readonly summary: string;
  readonly schema: Schema;
  /**
   * Loads the command's code, then runs it. Loaded only when chosen: a role replica loads its own app, not
   * the whole tier's (a keystore replica served 1 s sooner after a restart, the devnet's EVM left unread).
   */
  readonly run: Run;
}

/** `run` of the command that `load` brings in, as it brings it in. */
const lazily =
  (load: () => Promise<Run>): Run =>
  async (config, logger) =>
    (await load())(config, logger);

const COMMANDS: Readonly<Record<string, Command>> = {
  start: {
    summary: 'everything in one process (the embedded default)',
    schema: START_SCHEMA,
    run: lazily(async () => (await import('./commands/start.command.js')).startCommand),
  },
  cluster: {
    summary: 'the tier as separate local processes on NATS and Redis, one log stream',
    schema: CLUSTER_RUN_SCHEMA,
    run: lazily(async () => (await import('./commands/cluster.command.js')).clusterCommand),
  },
  gateway: {
    summary: 'HTTP/WS listeners routing over NATS',
    schema: GATEWAY_SCHEMA,
    run: lazily(async () => (await import('./commands/gateway.command.js')).gatewayCommand),
  },
  query: {
    summary: 'the query service over NATS',
    schema: QUERY_SCHEMA,
    run: lazily(async () => (await import('./commands/query.command.js')).queryCommand),
  },
  tx: {
    summary: 'the tx service (transaction submission) over NATS',
    schema: TX_SCHEMA,
    run: lazily(async () => (await import('./commands/tx.command.js')).txCommand),
  },
  events: {
    summary:
      'the events service (filters, the head and log streams, the log index) over NATS, filter cursors in Redis',
    schema: EVENTS_SCHEMA,
    run: lazily(async () => (await import('./commands/events.command.js')).eventsCommand),
  },
  keystore: {
    summary: 'the keystore service over NATS, unlock sessions in Redis',
    schema: KEYSTORE_SCHEMA,
    run: lazily(async () => (await import('./commands/keystore.command.js')).keystoreCommand),
  },
  devnet: {
    summary: 'the single-validator CometBFT + EVM chain alone',
    schema: DEVNET_SCHEMA,
    run: lazily(async () => (await import('./commands/devnet.command.js')).devnetCommand),
  },
  prune: {
    summary: "removes a bus prefix's Redis keys and JetStream streams",
    schema: PRUNE_SCHEMA,
    run: lazily(async () => (await import('./commands/prune.command.js')).pruneCommand),
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  photon ${name.padEnd(9)} ${command.summary}`,
  );
  return `photon v${PHOTON_VERSION}\n\nUsage:\n${lines.join('\n')}\n  photon version\n\nphoton <command> --help lists its flags.\n`;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  // No command is a usage error, as in git and docker: the usage goes to stderr, the exit code is 2.
  if (name === undefined) {
    process.stderr.write(usage());
    return 2;
  }
  if (name === '--help' || name === 'help') {
    process.stdout.write(usage());
    return 0;
  }
  if (name === 'version' || name === '--version') {
    process.stdout.write(`${PHOTON_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(`photon: unknown command "${name}"\n${usage()}`);
    return 2;
  }
  if (rest.includes('--help')) {
    process.stdout.write(`photon ${name}: ${command.summary}\n\n${describeSchema(command.schema)}\n`);
    return 0;
  }
  const config = loadConfig(command.schema, rest, process.env) as Record<string, unknown>;
  // Every command's schema has the logging options; a start that fails still says why in one plain line (below).
  const logger = photonLogger({ service: name, ...(config as unknown as LoggingConfig) });
  stopWithParent();
  await command.run(config as never, logger);
  return -1;
}

/**
 * A role of `photon cluster` stops when the cluster's process is gone, even killed without a word: its
 * stdin (a pipe from the cluster) ends, and it stops as on SIGTERM rather than run on orphaned.
 */
function stopWithParent(): void {
  if (process.env[CLUSTER_ROLE_ENV] !== '1') return;
  process.stdin.once('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`photon: ${message.split('\n')[0]}\n`);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
