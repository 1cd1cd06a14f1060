// The README's flag table is the user's reference: every setting must be in it, flag and env var.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPTIONS } from './options';

describe('README flag table', () => {
  const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

  it.each(Object.values(OPTIONS).map((spec) => [spec.flag, spec.env]))(
    'default: --%s and %s are listed',
    (flag, env) => {
      expect(readme).toMatch(new RegExp(`\\| +\`--${flag}\` +\\| +\`${env}\` +\\|`));
    },
  );
});
