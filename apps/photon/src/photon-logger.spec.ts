import type { LogFormat, LogLevel } from '@photon/config';
import { aboutRequest } from '@photon/types';
import { PhotonLogger, nestLogLevels } from './photon-logger';

function captured(write: () => void): string {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    write();
  } finally {
    spy.mockRestore();
  }
  return lines.join('');
}

const text = (logLevel: LogLevel = 'log', quiet = false) =>
  new PhotonLogger({ service: 'query', logLevel, logFormat: 'text', quiet });

/** A JSON logger and the objects it wrote. */
function json(logLevel: LogLevel = 'log', quiet = false, format: LogFormat = 'json') {
  const lines: Record<string, unknown>[] = [];
  const logger = new PhotonLogger(
    { service: 'query', logLevel, logFormat: format, quiet },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe(PhotonLogger.name, () => {
  it("default: drops Nest's start-up listings, keeps Photon's own lines", () => {
    const logger = text();
    const out = captured(() => {
      logger.log('Mapped {/readyz, GET} route', 'RouterExplorer');
      logger.log('cache warmed', 'query');
    });
    expect(out).not.toContain('Mapped');
    expect(out).toContain('cache warmed');
  });

  it('args: debug shows the start-up listings too', () => {
    const logger = text('debug');
    expect(captured(() => logger.log('Mapped {/readyz, GET} route', 'RouterExplorer'))).toContain('Mapped');
  });

  it('args: --quiet keeps warnings and errors only', () => {
    expect(nestLogLevels('verbose', true)).toEqual(['fatal', 'error', 'warn']);
    expect(nestLogLevels('log', false)).toEqual(['fatal', 'error', 'warn', 'log']);
  });

  it('behavior: json lines carry level, time, service, context and msg', () => {
    const { logger, lines } = json();
    logger.log('cache warmed', 'query');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', service: 'query', context: 'query', msg: 'cache warmed' }),
    ]);
    expect(new Date(lines[0]!['time'] as string).getTime()).not.toBeNaN();
  });

  it('behavior: a line about one request carries its id (a field in json, appended in text)', () => {
    const { logger, lines } = json();
    logger.error({ msg: 'internal error e1', requestId: 'req-7' }, 'Error: boom\n    at x (y.ts:1:2)', 'rpc');
    expect(lines[0]).toEqual(
      expect.objectContaining({
        level: 'error',
        context: 'rpc',
        msg: 'internal error e1',
        requestId: 'req-7',
        stack: 'Error: boom\n    at x (y.ts:1:2)',
      }),
    );
    const plain = text();
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      plain.error({ msg: 'internal error e1', requestId: 'req-7' }, undefined, 'rpc');
      expect(String(err.mock.calls[0]?.[0])).toContain('internal error e1 (request req-7)');
    } finally {
      err.mockRestore();
    }
  });

  it('behavior: a line about a request carries its id, in JSON as a field and in text after the message; none without', () => {
    const { logger, lines } = json('debug');
    logger.log(aboutRequest('sent 1 wei to 0xabc', 'req-9'), 'faucet');
    logger.debug({ msg: 'call eth_chainId', requestId: 'req-given' }, 'bus');
    logger.log(aboutRequest('cache warmed', undefined), 'query');
    logger.warn(new Error('engine slow'), 'tx');
    expect(lines.map((line) => [line['msg'], line['requestId']])).toEqual([
      ['sent 1 wei to 0xabc', 'req-9'],
      ['call eth_chainId', 'req-given'],
      ['cache warmed', undefined],
      ['engine slow', undefined],
    ]);
    const out = captured(() => text().log(aboutRequest('unlocked 0xabc', 'req-10'), 'keystore'));
    expect(out).toContain('unlocked 0xabc (request req-10)');
  });

  it('args: json honours --log-level and --quiet', () => {
    const quiet = json('verbose', true);
    quiet.logger.log('hidden');
    quiet.logger.warn('shown');
    expect(quiet.lines.map((line) => line['msg'])).toEqual(['shown']);
    const debug = json('debug');
    debug.logger.debug('details');
    debug.logger.verbose('more details');
    expect(debug.lines).toEqual([expect.objectContaining({ level: 'debug', msg: 'details' })]);
    expect(debug.logger.isEnabled('debug')).toBe(true);
    expect(json().logger.isEnabled('debug')).toBe(false);
  });

  it('behavior: announcements are plain lines in text and info objects in json', () => {
    const plain = text('log', true);
    expect(captured(() => plain.announce('photon query: serving on NATS x'))).toBe(
      'photon query: serving on NATS x\n',
    );
    const { logger, lines } = json('log', true);
    logger.announce('photon query: serving on NATS x');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'photon query: serving on NATS x' }),
    ]);
  });
});
