import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHOTON_VERSION } from './version';

describe('PHOTON_VERSION', () => {
  it('default: equals the root package.json version', () => {
    const root = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    expect(PHOTON_VERSION).toBe(root.version);
  });
});
