// The logger of every photon command, as Nest's LoggerService. `json` (pino): one object a line with
// level, time, service, msg, the Nest context and, for a line about a request (a LogRecord of
// @photon/types naming it), its requestId, for a log collector;
// `text`: Nest's console lines, for a person. Either way Nest's own start-up chatter (module and
// route listings) shows only at debug.
import { ConsoleLogger, Logger, type LoggerService, type LogLevel as NestLogLevel } from '@nestjs/common';
import type { LogFormat, LogLevel } from '@photon/config';
import { type LogRecord, isLogRecord } from '@photon/types';
import {
  type DestinationStream,
  type Level,
  type Logger as Pino,
  destination,
  pino,
  stdTimeFunctions,
} from 'pino';

const ORDER: readonly NestLogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

const PINO_LEVEL: Readonly<Record<NestLogLevel, Level>> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

const BOOTSTRAP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'NestMicroservice',
  'WebSocketsController',
]);

export interface PhotonLoggerSettings {
  /** The command: `gateway`, `query`, …, `start`, `devnet`; every JSON line names it. */
  readonly service: string;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  readonly quiet: boolean;
}

export function nestLogLevels(level: LogLevel, quiet: boolean): NestLogLevel[] {
  return ORDER.slice(0, ORDER.indexOf(quiet ? 'warn' : level) + 1);
}

/** The logger of a command, made Nest's (so every `new Logger(context)` writes through it) from the start. */
export function photonLogger(settings: PhotonLoggerSettings): PhotonLogger {
  const logger = new PhotonLogger(settings);
  Logger.overrideLogger(logger);
  // The levels too, so code on a hot path can ask `Logger.isLevelEnabled('debug')` before building a line.
  Logger.overrideLogger(nestLogLevels(settings.logLevel, settings.quiet));
  return logger;
}

export class PhotonLogger implements LoggerService {
  private readonly levels: ReadonlySet<NestLogLevel>;
  private readonly showBootstrap: boolean;
  private readonly text: ConsoleLogger | undefined;
  private readonly json: Pino | undefined;

  /** `out` replaces stdout for JSON lines (specs read them there). */
  constructor(settings: PhotonLoggerSettings, out?: DestinationStream) {
    const levels = nestLogLevels(settings.logLevel, settings.quiet);
    this.levels = new Set(levels);
    this.showBootstrap = this.levels.has('debug');
    if (settings.logFormat === 'text') {
      this.text = new ConsoleLogger({ logLevels: levels });
      return;
    }
    this.json = pino(
      {
        // Levels are filtered in write(); announcements are info lines even with --quiet.
        level: PINO_LEVEL[this.levels.has('debug') ? (levels[levels.length - 1] ?? 'debug') : 'log'],
        base: { service: settings.service, pid: process.pid },
        timestamp: stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      // Synchronous, as Nest's console logger is: the last lines before an exit are not lost.
      out ?? destination({ dest: 1, sync: true }),
    );
  }

  /** Whether lines of `level` are written at all (so a caller can skip building them). */
  isEnabled(level: NestLogLevel): boolean {
    return this.levels.has(level);
  }

  log(message: unknown, ...optional: unknown[]): void {
    this.write('log', message, optional);
  }

  error(message: unknown, ...optional: unknown[]): void {
    this.write('error', message, optional);
  }

  warn(message: unknown, ...optional: unknown[]): void {
    this.write('warn', message, optional);
  }

  debug(message: unknown, ...optional: unknown[]): void {
    this.write('debug', message, optional);
  }

  verbose(message: unknown, ...optional: unknown[]): void {
    this.write('verbose', message, optional);
  }

  fatal(message: unknown, ...optional: unknown[]): void {
    this.write('fatal', message, optional);
  }

  /**
   * A line people and tests wait for (`photon query: serving on NATS …`): as it is on stdout in text,
   * an info object with it as msg in JSON. Written even with --quiet, as a start always says where it serves.
   */
  announce(line: string): void {
    if (this.json === undefined) process.stdout.write(`${line}\n`);
    else this.json.info(line);
  }

  /** A warning of the command's own: as it is on stderr in text, a warn object in JSON. */
  warnLine(line: string): void {
    if (this.json === undefined) process.stderr.write(`${line}\n`);
    else this.json.warn(line);
  }

  private write(level: NestLogLevel, message: unknown, optional: unknown[]): void {
    if (!this.levels.has(level)) return;
    // Nest's Logger appends its context as the last argument.
    const context = optional.length > 0 && typeof optional.at(-1) === 'string' ? optional.at(-1) : undefined;
    if (
      level === 'log' &&
      !this.showBootstrap &&
      typeof context === 'string' &&
      BOOTSTRAP_CONTEXTS.has(context)
    )
      return;
    if (this.json === undefined) {
      this.text?.[level](isLogRecord(message) ? textOf(message) : message, ...optional);
      return;
    }
    const details = context === undefined ? optional : optional.slice(0, -1);
    const fields = fieldsOf(level, message, context, details[0]);
    this.json[PINO_LEVEL[level]](fields, msgOf(message));
  }
}

const textOf = (record: LogRecord): string =>
  record.requestId === undefined ? record.msg : `${record.msg} (request ${record.requestId})`;

function msgOf(message: unknown): string {
  if (isLogRecord(message)) return message.msg;
  if (message instanceof Error) return message.message;
  return typeof message === 'string' ? message : JSON.stringify(message);
}

/** The fields of a JSON line beside level, time, service and msg. */
function fieldsOf(
  level: NestLogLevel,
  message: unknown,
  context: unknown,
  detail: unknown,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (context !== undefined) fields['context'] = context;
  if (isLogRecord(message) && message.requestId !== undefined) fields['requestId'] = message.requestId;
  if (message instanceof Error) fields['stack'] = message.stack;
  // Nest's error(message, stack): the second argument of an error is its stack.
  if (typeof detail === 'string' && (level === 'error' || level === 'fatal')) fields['stack'] = detail;
  else if (detail !== undefined) fields['detail'] = detail;
  return fields;
}
