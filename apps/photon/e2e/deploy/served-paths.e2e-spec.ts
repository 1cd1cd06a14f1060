// The probes and healthchecks of the deploy files against the real processes: the paths probed
// answer 200 on a running tier and devnet, the devnet starts from the compose service's own
// environment, and the compose healthcheck scripts (node:http, as the image has no curl) exit 0
// on a healthy answer and 1 when nothing answers.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, spawnPhoton, startPhotonStack, waitForDevnet, type PhotonStack } from '@photon/testing';
import { readCompose, type ComposeService } from './deploy-files';
import { composeProbeUrl } from './photon-containers';
import { PROBE_PATHS } from './photon-settings';

jest.setTimeout(90_000);

const run = promisify(execFile);

/** Runs a compose healthcheck (`CMD node -e …`) against `port` instead of the container's own; its exit code. */
async function healthcheckExit(service: ComposeService, port: number): Promise<number> {
  const test = service.healthcheck?.test;
  if (!Array.isArray(test) || test[0] !== 'CMD') throw new Error(`not an exec healthcheck: ${String(test)}`);
  const url = composeProbeUrl(test);
  if (url === undefined) throw new Error(`no probe URL in ${test.join(' ')}`);
  const [command, ...args] = test.slice(1).map((arg: string) => arg.replace(url.host, `127.0.0.1:${port}`));
  expect(command).toBe('node');
  try {
    await run(process.execPath, args);
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

async function statusOf(url: string): Promise<number> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

describe('probed paths', () => {
  const compose = readCompose();

  it("default: the devnet starts from the compose service's environment and answers its healthcheck and probes", async () => {
    const service = compose.services['devnet']!;
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'photon-deploy-devnet-'));
    const env = {
      ...service.environment,
      PHOTON_DEVNET_LADDR: `tcp://127.0.0.1:${port}`,
      PHOTON_DATA_DIR: dataDir,
    };
    const devnet = spawnPhoton(service.command ?? [], { env });
    try {
      await waitForDevnet(`http://127.0.0.1:${port}`, devnet);
      for (const path of new Set(Object.values(PROBE_PATHS.devnet))) {
        expect([path, await statusOf(`http://127.0.0.1:${port}${path}`)]).toEqual([path, 200]);
      }
      expect(await healthcheckExit(service, port)).toBe(0);
    } finally {
      await devnet.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  describe('on a running tier', () => {
    let stack: PhotonStack;
    beforeAll(async () => {
      stack = await startPhotonStack('in-process', { ops: true });
    });
    afterAll(async () => {
      await stack.stop();
    });

    const opsUrl = () => stack.opsUrls.get(stack.all[0]!)!;

    // The gateway serves these paths on its main listener and on the ops listener (--ops-laddr) alike.
    it('default: every path the Photon probes use answers 200, on the main and the ops listener', async () => {
      for (const path of new Set(Object.values(PROBE_PATHS.photon))) {
        expect([path, await statusOf(`${stack.httpUrl}${path}`)]).toEqual([path, 200]);
        expect([path, await statusOf(`${opsUrl()}${path}`)]).toEqual([path, 200]);
      }
    });

    it.each(['gateway', 'query', 'tx', 'events', 'keystore'])(
      'default: the compose %s healthcheck passes on a ready ops listener',
      async (name) => {
        expect(await healthcheckExit(compose.services[name]!, Number(new URL(opsUrl()).port))).toBe(0);
      },
    );

    it('error: the compose healthcheck fails when nothing answers, or the answer is not ready', async () => {
      expect(await healthcheckExit(compose.services['gateway']!, await freePort())).toBe(1);
      const unready = createServer((_req, res) => res.writeHead(503).end('{"status":"unavailable"}'));
      await new Promise<void>((resolve) => unready.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = unready.address() as AddressInfo;
        expect(await healthcheckExit(compose.services['gateway']!, port)).toBe(1);
      } finally {
        await new Promise((resolve) => unready.close(resolve));
      }
    });
  });
});
