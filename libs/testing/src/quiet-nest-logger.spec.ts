// The test output stays readable: Nest's default logger, used by services a spec builds outside a Nest app,
// prints errors only under jest (scripts/jest-quiet-nest.js), not the warnings specs provoke on purpose.
import { Logger } from '@nestjs/common';

describe('Nest logger under jest', () => {
  it('default: warnings and log lines of the default logger are not printed; errors are', () => {
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const log = new Logger('spec');
      log.warn('a provoked warning');
      log.log('a start-up line');
      log.error('a real error');
      const written = [...out.mock.calls, ...err.mock.calls].map(([chunk]) => String(chunk)).join('');
      expect(written).not.toContain('a provoked warning');
      expect(written).not.toContain('a start-up line');
      expect(written).toContain('a real error');
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
