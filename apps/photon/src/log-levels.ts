// Maps --log-level/--quiet to the Nest logger's level list.
import type { LogLevel as NestLogLevel } from '@nestjs/common';
import type { LogLevel } from '@photon/config';

const ORDER: readonly NestLogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

export function nestLogLevels(level: LogLevel, quiet: boolean): NestLogLevel[] {
  const last = ORDER.indexOf(quiet ? 'warn' : level);
  return ORDER.slice(0, last + 1);
}
