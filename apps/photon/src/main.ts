#!/usr/bin/env node
// The photon command. Parses the subcommand, loads and validates its config (flags, then
// PHOTON_* env vars), and starts it; a bad config stops the start with one line.
import 'reflect-metadata';
import {
  ConfigError,
  DEVNET_SCHEMA,
  EVENTS_SCHEMA,
  GATEWAY_SCHEMA,
  KEYSTORE_SCHEMA,
  QUERY_SCHEMA,
  START_SCHEMA,
  TX_SCHEMA,
  type Schema,
  describeSchema,
  loadConfig,
} from '@photon/config';
import { PHOTON_VERSION } from '@photon/types';
import type { LogFormat, LogLevel } from '@photon/config';
import { devnetCommand } from './commands/devnet.command';
import { eventsCommand } from './commands/events.command';
import { gatewayCommand } from './commands/gateway.command';
import { keystoreCommand } from './commands/keystore.command';
import { queryCommand } from './commands/query.command';
import { startCommand } from './commands/start.command';
import { txCommand } from './commands/tx.command';
import { type PhotonLogger, photonLogger } from './photon-logger';

interface LoggingConfig {
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  readonly quiet: boolean;
}

interface Command {
  readonly summary: string;
  readonly schema: Schema;
  readonly run: (config: never, logger: PhotonLogger) => Promise<void>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  start: {
    summary: 'everything in one process (the embedded default)',
    schema: START_SCHEMA,
    run: startCommand,
  },
  gateway: { summary: 'HTTP/WS listeners routing over NATS', schema: GATEWAY_SCHEMA, run: gatewayCommand },
  query: { summary: 'the query service over NATS', schema: QUERY_SCHEMA, run: queryCommand },
  tx: { summary: 'the tx service (transaction submission) over NATS', schema: TX_SCHEMA, run: txCommand },
  events: {
    summary:
      'the events service (filters, the head and log streams, the log index) over NATS, filter cursors in Redis',
    schema: EVENTS_SCHEMA,
    run: eventsCommand,
  },
  keystore: {
    summary: 'the keystore service over NATS, unlock sessions in Redis',
    schema: KEYSTORE_SCHEMA,
    run: keystoreCommand,
  },
  devnet: {
    summary: 'the single-validator CometBFT + EVM chain alone',
    schema: DEVNET_SCHEMA,
    run: devnetCommand,
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
  if (name === undefined || name === '--help' || name === 'help') {
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
  await command.run(config as never, logger);
  return -1;
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
