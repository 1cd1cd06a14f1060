// The photon command as a user runs it: `photon start` serving the README's curl example, and
// bad configuration stopping the start with one line.
import { createServer, type AddressInfo } from 'node:net';
import {
  freePort,
  rpcRaw,
  spawnPhoton,
  spawnProcess,
  startPhotonStack,
  waitFor,
  workspaceRoot,
} from '@photon/testing';

jest.setTimeout(60_000);

describe('photon start', () => {
  it("default: serves the README's example request", async () => {
    const stack = await startPhotonStack('in-process');
    try {
      const reply = await rpcRaw(
        stack.httpUrl,
        '{"jsonrpc":"2.0","id":1,"method":"web3_clientVersion","params":[]}',
        { 'content-type': 'application/json' },
      );
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: expect.stringMatching(/^Photon\/v/),
      });
      expect(stack.processes.single.output()).toContain('photon: serving JSON-RPC on http://127.0.0.1:');
    } finally {
      await stack.stop();
    }
  });

  it('behavior: SIGTERM shuts down cleanly', async () => {
    const stack = await startPhotonStack('in-process');
    stack.processes.single.child.kill('SIGTERM');
    expect(await stack.processes.single.exited).toBe(0);
  });
});

describe('photon with no command', () => {
  it('error: prints the usage on stderr and exits 2', async () => {
    const proc = spawnPhoton([]);
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toMatch(/^photon v\S+\n\nUsage:\n {2}photon start /);
    expect(proc.output()).toContain('  photon cluster ');
    expect(proc.output()).toContain('  photon prune ');
  });

  it('default: --help prints the same usage on stdout and exits 0', async () => {
    const proc = spawnPhoton(['--help']);
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toMatch(/^photon v\S+\n\nUsage:\n/);
  });
});

describe('photon configuration errors', () => {
  async function failedStart(args: string[], env: Record<string, string> = {}) {
    const proc = spawnPhoton(args, { env });
    const code = await proc.exited;
    return { code, lines: proc.output().trim().split('\n') };
  }

  it('error: a malformed flag value names the flag', async () => {
    const { code, lines } = await failedStart(['start', '--laddr', 'nowhere']);
    expect(code).toBe(2);
    expect(lines).toEqual(['photon: --laddr: "nowhere" is not a listen address like tcp://127.0.0.1:8545']);
  });

  it('args: `pnpm start -- --flag` reads the flag as `photon start --flag` does', async () => {
    const pnpm = spawnProcess('pnpm', ['--silent', 'start', '--', '--laddr', 'nowhere'], {
      cwd: workspaceRoot(),
    });
    expect(await pnpm.exited).not.toBe(0);
    expect(pnpm.output()).toContain(
      'photon: --laddr: "nowhere" is not a listen address like tcp://127.0.0.1:8545',
    );
  });

  it('error: a malformed env var names the variable', async () => {
    const { code, lines } = await failedStart(['start'], { PHOTON_WSPORT: 'abc' });
    expect(code).toBe(2);
    expect(lines).toEqual(['photon: PHOTON_WSPORT: "abc" is not a port number']);
  });

  it('error: unknown flags and commands', async () => {
    expect((await failedStart(['start', '--nats-url', 'nats://x:1'])).lines).toEqual([
      'photon: unknown flag --nats-url (see --help)',
    ]);
    expect((await failedStart(['launch'])).code).toBe(2);
  });

  it('error: an HTTP or websocket port already in use stops the start with one line, before the banner', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const free = await freePort();
      for (const [args, url] of [
        [['--laddr', `tcp://127.0.0.1:${port}`, '--wsport', String(free)], `http://127.0.0.1:${port}`],
        [['--laddr', `tcp://127.0.0.1:${free}`, '--wsport', String(port)], `ws://127.0.0.1:${port}`],
      ] as const) {
        const { code, lines } = await failedStart([
          'start',
          ...args,
          '--devnet-laddr',
          `tcp://127.0.0.1:${await freePort()}`,
        ]);
        expect(code).toBe(1);
        // The same wording as the devnet's and the websocket's listeners, and no dev account banner first.
        expect(lines).toEqual([
          `photon: cannot listen on ${url}: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
        ]);
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("error: the embedded devnet's port already in use stops the start with one line", async () => {
    // The devnet runs on a thread of its own: its failure to start still ends the start with one line.
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const { code, lines } = await failedStart([
        'start',
        '--laddr',
        `tcp://127.0.0.1:${await freePort()}`,
        '--wsport',
        String(await freePort()),
        '--devnet-laddr',
        `tcp://127.0.0.1:${port}`,
      ]);
      expect(code).toBe(1);
      expect(lines.filter((line) => line.startsWith('photon:'))).toHaveLength(1);
      expect(lines.at(-1)).toMatch(/^photon: .*EADDRINUSE/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('photon devnet', () => {
  it('default: serves CometBFT RPC, prints the dev accounts, and makes blocks', async () => {
    const port = await freePort();
    const devnet = spawnPhoton([
      'devnet',
      '--devnet-laddr',
      `tcp://127.0.0.1:${port}`,
      '--block-time',
      '100ms',
    ]);
    try {
      const status = async () =>
        (
          (await (await fetch(`http://127.0.0.1:${port}/status`)).json()) as {
            result: { node_info: { network: string }; sync_info: { latest_block_height: string } };
          }
        ).result;
      await waitFor(
        async () => {
          try {
            return Number((await status()).sync_info.latest_block_height) >= 2;
          } catch {
            return false;
          }
        },
        { what: 'the devnet to make two blocks', timeoutMs: 20_000 },
      );
      expect((await status()).node_info.network).toBe('photon_9000-1');
      expect(devnet.output()).toContain('DEVELOPMENT ONLY');
      expect(devnet.output()).toContain('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    } finally {
      await devnet.stop();
    }
  });

  it('behavior: photon start runs its own devnet unless --node is given', async () => {
    const port = await freePort();
    const stack = await startPhotonStack('in-process', {
      extraArgs: ['--devnet-laddr', `tcp://127.0.0.1:${port}`],
    });
    try {
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await health.json()).toEqual({ jsonrpc: '2.0', id: -1, result: {} });
    } finally {
      await stack.stop();
    }
  });
});
