// The READMEs are read by users of the repository alone: no link, and no path they are told to open, may
// lead out of it (the design notes beside the checkout are not shipped), and every relative link must exist.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

function markdownFiles(): string[] {
  const files = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join('docs', name)),
  ];
  for (const group of ['apps', 'libs']) {
    for (const name of readdirSync(join(ROOT, group))) {
      if (existsSync(join(ROOT, group, name, 'README.md'))) files.push(join(group, name, 'README.md'));
    }
  }
  return files;
}

/** Relative link targets `](x)` and backticked paths that climb (`../…`), without their #anchor. */
function pathsIn(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  const climbing = [...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((match) => match[1]!);
  return [...links, ...climbing]
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

describe('README links', () => {
  it.each(markdownFiles())('default: every path in %s stays in the repository and exists', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const wrong = pathsIn(text).filter((target) => {
      const absolute = resolve(ROOT, dirname(file), target);
      return relative(ROOT, absolute).startsWith('..') || !existsSync(absolute);
    });
    expect(wrong).toEqual([]);
  });
});
