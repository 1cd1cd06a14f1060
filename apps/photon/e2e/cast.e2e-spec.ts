// Foundry's `cast` (the binary of the npm package @foundry-rs/cast-linux-amd64) against `photon start`, as a
// developer debugging a contract would use it (issue 24, done-when): `cast run` replays a mined transfer with a
// trace, `cast call --trace` forks the chain and traces a call, `cast call --override-*` sends geth's state
// overrides, `cast access-list` asks eth_createAccessList, `cast proof` eth_getProof, `cast codehash` the code
// hash an account proof carries.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { devWallet } from '@photon/testing';
import { type Contract, keccak256 } from 'ethers';
import { type TokenStack, startTokenStack, stopTokenStack, transferToken } from './deploy-token';

jest.setTimeout(120_000);

const CAST = join(dirname(require.resolve('@foundry-rs/cast-linux-amd64/package.json')), 'bin', 'cast');
const RECIPIENT = '0x000000000000000000000000000000000000beef';
const run = promisify(execFile);

describe('cast against photon start', () => {
  let started: Partial<TokenStack> = {};
  let token: Contract;
  let tokenAddress: string;

  /** cast's standard output for `args` against the stack, trimmed; a failure fails the test with cast's words. */
  const cast = async (...args: string[]): Promise<string> => {
    const { stdout } = await run(CAST, [...args, '--rpc-url', started.stack!.httpUrl], {
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1' },
    });
    return stdout.trim();
  };

  beforeAll(async () => {
    started = await startTokenStack('in-process', 7);
    token = started.token!;
    tokenAddress = (await token.getAddress()).toLowerCase();
  });
  afterAll(() => stopTokenStack(started));

  it('default: cast codehash is the keccak of the code eth_getCode gives', async () => {
    const code = await started.provider!.getCode(tokenAddress);
    expect(await cast('codehash', tokenAddress)).toBe(keccak256(code));
  });

  it('default: cast proof prints the account and a storage proof for the slot asked', async () => {
    const proof = JSON.parse(await cast('proof', tokenAddress, '0x0')) as {
      address: string;
      accountProof: string[];
      storageProof: { key: string; proof: string[] }[];
    };
    expect(proof.address.toLowerCase()).toBe(tokenAddress);
    expect(proof.accountProof.length).toBeGreaterThan(0);
    expect(proof.storageProof).toHaveLength(1);
  });

  it('default: cast access-list of a token transfer lists the token and the slots it touches', async () => {
    const sender = devWallet(7).address;
    const output = await cast(
      'access-list',
      '--from',
      sender,
      tokenAddress,
      'transfer(address,uint256)',
      RECIPIENT,
      '1',
      '--json',
    );
    const list = JSON.parse(output) as {
      accessList: { address: string; storageKeys: string[] }[];
      gasUsed: string;
    };
    const entry = list.accessList.find((item) => item.address.toLowerCase() === tokenAddress);
    expect(entry?.storageKeys.length).toBe(2);
    expect(BigInt(list.gasUsed)).toBeGreaterThan(21_000n);
  });

  it('default: cast call with state overrides reads the overridden state; without, the chain’s', async () => {
    const balanceOf = ['balanceOf(address)(uint256)', RECIPIENT];
    const before = await cast('call', tokenAddress, ...balanceOf);
    // Code that returns 42 for any call: PUSH1 42 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN.
    const answers42 = '0x602a60005260206000f3';
    expect(
      await cast('call', tokenAddress, ...balanceOf, '--override-code', `${tokenAddress}:${answers42}`),
    ).toBe('42');
    expect(await cast('call', tokenAddress, ...balanceOf)).toBe(before);
  });

  it('behavior: cast call --trace and cast run trace a transfer on a fork of the chain', async () => {
    const hash = await transferToken(token, RECIPIENT, 5n);
    const traced = await cast('call', tokenAddress, 'balanceOf(address)(uint256)', RECIPIENT, '--trace');
    expect(traced).toMatch(/balanceOf/);
    const replayed = await cast('run', hash);
    expect(replayed).toMatch(/transfer/);
    expect(replayed).toMatch(/Transaction successfully executed/);
  });
});
