import { PhotonLogger, nestLogLevels } from './photon-logger';

function captured(logger: PhotonLogger, write: () => void): string {
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

describe(PhotonLogger.name, () => {
  it("default: drops Nest's start-up listings, keeps Photon's own lines", () => {
    const logger = new PhotonLogger('log', false);
    const out = captured(logger, () => {
      logger.log('Mapped {/readyz, GET} route', 'RouterExplorer');
      logger.log('cache warmed', 'query');
    });
    expect(out).not.toContain('Mapped');
    expect(out).toContain('cache warmed');
  });

  it('args: debug shows the start-up listings too', () => {
    const logger = new PhotonLogger('debug', false);
    expect(captured(logger, () => logger.log('Mapped {/readyz, GET} route', 'RouterExplorer'))).toContain(
      'Mapped',
    );
  });

  it('args: --quiet keeps warnings and errors only', () => {
    expect(nestLogLevels('verbose', true)).toEqual(['fatal', 'error', 'warn']);
    expect(nestLogLevels('log', false)).toEqual(['fatal', 'error', 'warn', 'log']);
  });
});
