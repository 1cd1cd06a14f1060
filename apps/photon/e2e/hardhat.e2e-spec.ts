// Hardhat 2 as a client of `photon start`: the project in ./hardhat (Photon as its custom network,
// chain id 9000, the devnet's dev accounts) compiles PhotonToken with the workspace's solc-js, deploys
// and calls it with `hardhat run scripts/deploy.ts`, and runs its mocha suite with `hardhat test`;
// both must exit 0, and what the script deployed must be visible through Photon to ethers.
// Hardhat runs as a child process, as a user runs it, with its telemetry and update checks off (CI=true)
// and no network beyond this machine. About 20 s.
import {
  type InProcessStack,
  type ManagedProcess,
  devWallet,
  spawnProcess,
  startPhotonStack,
} from '@photon/testing';
import { Contract, JsonRpcProvider } from 'ethers';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Deployment } from './hardhat/out-dir';

jest.setTimeout(60_000);

const PROJECT = join(__dirname, 'hardhat');
const HARDHAT_CLI = require.resolve('hardhat/internal/cli/bootstrap.js');

const TOKEN_ABI = [
  'function balanceOf(address) view returns (uint256)',
  'function owner() view returns (address)',
  'function totalSupply() view returns (uint256)',
];

describe('Hardhat 2 as a client of photon start', () => {
  let stack: InProcessStack;
  let outDir: string;
  let provider: JsonRpcProvider;

  /**
   * `hardhat <args…> --network photon` in the project; resolves with its exit code and output (the
   * specs compare both as one object, so a failure shows Hardhat's output).
   */
  async function hardhat(...args: string[]): Promise<{ code: number | null; output: string }> {
    const child: ManagedProcess = spawnProcess(
      process.execPath,
      [HARDHAT_CLI, '--config', join(PROJECT, 'hardhat.config.ts'), ...args, '--network', 'photon'],
      {
        cwd: PROJECT,
        env: {
          PHOTON_RPC_URL: stack.httpUrl,
          PHOTON_HARDHAT_OUT: outDir,
          // No telemetry prompt or hits, no update check, no banner (Hardhat skips them all on CI).
          CI: 'true',
          HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        },
      },
    );
    const code = await child.exited;
    return { code, output: child.output() };
  }

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'photon-hardhat-e2e-'));
    stack = await startPhotonStack('in-process', { extraArgs: ['--log-level', 'warn'] });
    provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  });

  afterAll(async () => {
    provider?.destroy();
    await stack?.stop();
    if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
  });

  it('`hardhat run scripts/deploy.ts` deploys and calls PhotonToken, and ethers sees the result through Photon', async () => {
    const run = await hardhat('run', join(PROJECT, 'scripts', 'deploy.ts'));
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.any(String) });
    expect(run.output).toContain('Compiled 1 Solidity file successfully');

    const deployment = JSON.parse(await readFile(join(outDir, 'deployment.json'), 'utf8')) as Deployment;
    expect(deployment.chainId).toBe(9000);
    // Hardhat's accounts (the config's mnemonic) are the devnet's dev accounts 0 and 3.
    expect(deployment.deployer).toBe(devWallet(0).address);
    expect(deployment.holder).toBe(devWallet(3).address);

    const token = new Contract(deployment.token, TOKEN_ABI, provider);
    expect(await provider.getCode(deployment.token)).not.toBe('0x');
    expect(await token.getFunction('owner')()).toBe(devWallet(0).address);
    const sent = BigInt(deployment.sent);
    expect(await token.getFunction('balanceOf')(deployment.holder)).toBe(sent);
    expect(await token.getFunction('balanceOf')(deployment.deployer)).toBe(
      ((await token.getFunction('totalSupply')()) as bigint) - sent,
    );
  });

  // After the test above: the suite's last test reads the deployment.json that `hardhat run` wrote.
  it('`hardhat test` passes its mocha suite against Photon, including the check of that deployment', async () => {
    const run = await hardhat('test');
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.any(String) });
    expect(run.output).toMatch(/\b6 passing\b/);
    expect(run.output).not.toMatch(/failing|pending/);
  });
});
