// The three rows that had no handler and are now served (issue 10, item 10): eth_getStorageValues (geth 1.16),
// eth_getTransactionLogs (Ethermint) and eth_resend (geth), through the real listeners in-process and over
// NATS. The devnet runs in this process and produces a block only when a test says, so a pending tx stays
// pending for as long as a test needs it.
import type { Devnet } from '@photon/devnet';
import {
  PHOTON_TOKEN_ARTIFACT,
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { ContractFactory, getAddress, getCreateAddress, toBeHex, zeroPadValue } from 'ethers';
import { DEFAULT_CHAIN_ID, startTestDevnet } from './manual-devnet';

jest.setTimeout(120_000);

const RECIPIENT = '0x000000000000000000000000000000000000beef';
const quantity = (n: bigint): string => `0x${n.toString(16)}`;

interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
  transactionHash: string;
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('served since hardening, %s', (kind) => {
  const chainId = DEFAULT_CHAIN_ID;
  const deployer = devWallet(5);
  const sender = devWallet(6);
  let devnet: Devnet;
  let stack: PhotonStack;
  let token: string;
  let deployHash: string;
  let gasPrice: bigint;

  beforeAll(async () => {
    devnet = await startTestDevnet();
    stack = await startPhotonStack(kind, {
      engineUrl: devnet.rpcUrl,
      extraArgs: ['--log-level', 'warn', '--rpc-api', 'eth,net,web3,personal,txpool', '--lightkdf'],
    });
    gasPrice = BigInt((await rpc<string>(stack.httpUrl, 'eth_gasPrice')).result ?? '0x0');
    const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode);
    const deploy = await factory.getDeployTransaction('Photon', 'PHO', 10n ** 24n);
    const raw = await deployer.signTransaction({
      ...deploy,
      type: 0,
      chainId: chainId.eip155,
      nonce: 0,
      gasLimit: 3_000_000n,
      gasPrice,
    });
    deployHash = (await rpc<string>(stack.httpUrl, 'eth_sendRawTransaction', [raw])).result!;
    token = getCreateAddress({ from: deployer.address, nonce: 0 }).toLowerCase();
    expect(await rpc(stack.httpUrl, 'eth_getTransactionLogs', [deployHash])).toMatchObject({ result: null });
    await mine();
    const imported = await rpc<string>(stack.httpUrl, 'personal_importRawKey', [
      sender.privateKey.slice(2),
      'pw',
    ]);
    expect(imported.result).toBe(sender.address.toLowerCase());
    expect((await rpc(stack.httpUrl, 'personal_unlockAccount', [imported.result, 'pw', 0])).result).toBe(
      true,
    );
  });
  afterAll(async () => {
    await stack?.stop();
    await devnet?.stop();
  });

  /** Produces a block and waits until the tier reads it. */
  async function mine(): Promise<void> {
    const before = BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!);
    await devnet.produceNext();
    await waitFor(
      async () => BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!) > before,
      {
        what: 'the tier to read the new block',
      },
    );
  }

  it('default: eth_getStorageValues answers each slot as eth_getStorageAt does, at one block', async () => {
    const slots = [0n, 1n, 2n, 3n, 4n].map((slot) => toBeHex(slot));
    const beef = `0x${'00'.repeat(31)}07`;
    const answer = await rpc<Record<string, string[]>>(stack.httpUrl, 'eth_getStorageValues', [
      { [token]: slots, [RECIPIENT]: [beef] },
      'latest',
    ]);
    const expected: Record<string, string[]> = { [getAddress(token)]: [], [getAddress(RECIPIENT)]: [] };
    for (const slot of slots) {
      const value = await rpc<string>(stack.httpUrl, 'eth_getStorageAt', [token, slot, 'latest']);
      expected[getAddress(token)]!.push(value.result!);
    }
    expected[getAddress(RECIPIENT)]!.push(zeroPadValue('0x', 32));
    expect(answer.result).toEqual(expected);
    expect(answer.result![getAddress(token)]!.some((value) => BigInt(value) !== 0n)).toBe(true);
  });

  it('error: eth_getStorageValues refuses more than 1,024 slots and an empty request, as geth', async () => {
    const many = Array.from({ length: 1_025 }, (_, i) => toBeHex(i));
    expect((await rpc(stack.httpUrl, 'eth_getStorageValues', [{ [token]: many }, 'latest'])).error).toEqual({
      code: -38026,
      message: 'too many slots (max 1024)',
    });
    expect((await rpc(stack.httpUrl, 'eth_getStorageValues', [{ [token]: [] }, 'latest'])).error).toEqual({
      code: -32602,
      message: 'empty request',
    });
  });

  it('default: eth_getTransactionLogs gives a mined tx’s logs as its receipt has them; null when unknown', async () => {
    const receipt = await rpc<{ logs: RpcLog[] }>(stack.httpUrl, 'eth_getTransactionReceipt', [deployHash]);
    const logs = await rpc<RpcLog[]>(stack.httpUrl, 'eth_getTransactionLogs', [deployHash]);
    expect(logs.result).toEqual(receipt.result!.logs);
    expect(logs.result!.length).toBeGreaterThan(0);
    expect(logs.result![0]).toMatchObject({ address: token, transactionHash: deployHash });
    expect(await rpc(stack.httpUrl, 'eth_getTransactionLogs', [`0x${'12'.repeat(32)}`])).toMatchObject({
      result: null,
    });
  });

  it('default: eth_resend re-signs a pending tx at a higher price; the replacement is what gets mined', async () => {
    const from = sender.address.toLowerCase();
    const first = await rpc<string>(stack.httpUrl, 'eth_sendTransaction', [
      { from, to: RECIPIENT, value: '0x5', gasPrice: quantity(gasPrice) },
    ]);
    expect(first.result).toMatch(/^0x[0-9a-f]{64}$/);
    const resent = await rpc<string>(stack.httpUrl, 'eth_resend', [
      { from, to: RECIPIENT, value: '0x5', nonce: '0x0' },
      quantity(gasPrice * 2n),
    ]);
    expect(resent.result).toMatch(/^0x[0-9a-f]{64}$/);
    expect(resent.result).not.toBe(first.result);
    const content = await rpc<{
      pending: Record<string, Record<string, { hash: string; gasPrice: string }>>;
    }>(stack.httpUrl, 'txpool_contentFrom', [from]);
    expect(content.result?.pending).toEqual({ '0': expect.objectContaining({ hash: resent.result }) });
    await mine();
    const receipt = await rpc<{ status: string; effectiveGasPrice: string }>(
      stack.httpUrl,
      'eth_getTransactionReceipt',
      [resent.result],
    );
    expect(receipt.result).toMatchObject({ status: '0x1', effectiveGasPrice: quantity(gasPrice * 2n) });
    expect((await rpc(stack.httpUrl, 'eth_getTransactionByHash', [first.result])).result).toBeNull();
  });

  it('error: eth_resend needs a nonce and a matching pending tx', async () => {
    const from = sender.address.toLowerCase();
    expect((await rpc(stack.httpUrl, 'eth_resend', [{ from, to: RECIPIENT }, '0x1'])).error).toEqual({
      code: -32000,
      message: 'missing transaction nonce in transaction spec',
    });
    expect(
      (await rpc(stack.httpUrl, 'eth_resend', [{ from, to: RECIPIENT, nonce: '0x9' }, '0x1'])).error,
    ).toEqual({
      code: -32000,
      message: `transaction from ${from} with nonce 9 not found`,
    });
  });
});
