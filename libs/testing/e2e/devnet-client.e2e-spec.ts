import { DevnetClient, devWallet, freePort, spawnPhoton, waitForDevnet } from '../src';
import type { PhotonProcess } from '../src';

describe(DevnetClient.name, () => {
  let devnet: PhotonProcess;
  let client: DevnetClient;

  beforeAll(async () => {
    const port = await freePort();
    devnet = spawnPhoton(['devnet', '--devnet-laddr', `tcp://127.0.0.1:${port}`, '--block-time', '100ms']);
    client = new DevnetClient(`http://127.0.0.1:${port}`);
    await waitForDevnet(client.rpcUrl, devnet);
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  it('default: a signed transfer is broadcast and found in a block', async () => {
    const wallet = devWallet(7);
    const signed = await wallet.signTransaction({
      type: 2,
      chainId: 9000n,
      nonce: 0,
      to: devWallet(8).address,
      value: 1n,
      gasLimit: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
    });
    const { hash, height } = await client.send(signed);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(height).toBeGreaterThan(0n);
    expect(await client.latestHeight()).toBeGreaterThanOrEqual(height);
  });

  it('error: a refused tx says why', async () => {
    const signed = await devWallet(7).signTransaction({
      type: 0,
      chainId: 9000n,
      nonce: 99,
      to: devWallet(8).address,
      gasLimit: 21_000n,
      gasPrice: 10n ** 10n,
    });
    await expect(client.send(signed)).rejects.toThrow('invalid nonce; got 99, expected 1');
  });
});
