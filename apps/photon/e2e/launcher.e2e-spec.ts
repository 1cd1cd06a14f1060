// The CLI's entry point (apps/photon/src/launcher.ts): it runs the bundle with a V8 code cache kept per role
// in a directory only this user can write, and falls back to main.js where no bundle was built.
import { freePort, photonCliPath, spawnPhoton, waitFor } from '@photon/testing';
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'photon-launcher-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** `photon <args>` through the launcher, with `env` added; its stdout and stderr. */
async function photon(
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [photonCliPath(), ...args], { env: { ...process.env, ...env } });
}

describe('photon launcher', () => {
  it('behavior: a role that has run 10 s leaves its code cache (0600 in a 0700 directory); its next start uses it', async () => {
    const dir = join(scratch, 'cache');
    const env = { PHOTON_CODE_CACHE_DIR: dir, NODE_DEBUG: 'photon-code-cache' };
    const args = ['devnet', '--devnet-laddr', `tcp://127.0.0.1:${await freePort()}`, '--block-time', '1s'];
    const first = spawnPhoton(args, { env });
    try {
      await waitFor(() => Promise.resolve(/ wrote \S+devnet-v\S+\.cache in /.test(first.output())), {
        what: 'the cache written',
        timeoutMs: 40_000,
        detail: () => first.output(),
      });
    } finally {
      await first.stop();
    }
    expect(first.output()).toMatch(/no usable cache at /);
    const files = await readdir(dir);
    expect(files).toEqual([expect.stringMatching(/^devnet-v\d+\.\d+\.\d+-\d+-\d+\.cache$/)]);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, files[0]!))).mode & 0o777).toBe(0o600);

    const second = spawnPhoton(args, { env });
    try {
      await waitFor(() => Promise.resolve(/ using \S+devnet-v\S+\.cache/.test(second.output())), {
        what: 'the cache used',
        timeoutMs: 20_000,
        detail: () => second.output(),
      });
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('error: a cache directory others can write is not used, and the command still runs', async () => {
    const dir = join(scratch, 'shared');
    await mkdir(dir);
    await chmod(dir, 0o777);
    const { stdout, stderr } = await photon(['version'], {
      PHOTON_CODE_CACHE_DIR: dir,
      NODE_DEBUG: 'photon-code-cache',
    });
    expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(stderr).toContain(`${dir} is not a directory only this user can write: no code cache`);
  });

  it('default: PHOTON_CODE_CACHE=off keeps no cache', async () => {
    const dir = join(scratch, 'off');
    const { stdout } = await photon(['version'], { PHOTON_CODE_CACHE: 'off', PHOTON_CODE_CACHE_DIR: dir });
    expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
    await expect(stat(dir)).rejects.toThrow(/ENOENT/);
  });

  it('behavior: without a bundle beside it, the launcher runs main.js', async () => {
    const dir = join(scratch, 'unbundled');
    await mkdir(dir);
    await copyFile(photonCliPath(), join(dir, 'launcher.js'));
    await writeFile(
      join(dir, 'main.js'),
      "process.stdout.write('main.js ran with ' + process.argv.slice(2).join(' '));\n",
    );
    const { stdout } = await run(process.execPath, [join(dir, 'launcher.js'), 'version']);
    expect(stdout).toBe('main.js ran with version');
  });
});
