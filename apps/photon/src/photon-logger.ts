// The logger of every photon command: Nest's console logger at the configured levels, minus
// Nest's own start-up chatter (module and route listings) unless debug output was asked for.
import { ConsoleLogger, type LogLevel as NestLogLevel } from '@nestjs/common';
import type { LogLevel } from '@photon/config';

const ORDER: readonly NestLogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

const BOOTSTRAP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'NestMicroservice',
  'WebSocketsController',
]);

export function nestLogLevels(level: LogLevel, quiet: boolean): NestLogLevel[] {
  return ORDER.slice(0, ORDER.indexOf(quiet ? 'warn' : level) + 1);
}

export class PhotonLogger extends ConsoleLogger {
  private readonly showBootstrap: boolean;

  constructor(level: LogLevel, quiet: boolean) {
    const levels = nestLogLevels(level, quiet);
    super({ logLevels: levels });
    this.showBootstrap = levels.includes('debug');
  }

  override log(message: unknown, context?: string): void {
    if (!this.showBootstrap && context !== undefined && BOOTSTRAP_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
