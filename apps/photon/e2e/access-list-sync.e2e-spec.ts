// Two methods beyond Ethermint's interface (issue 24, item 9), through the real listeners in-process and over
// NATS, with viem: eth_createAccessList (prestateTracer traces repeated until stable, as geth's loop) and
// eth_sendRawTransactionSync (EIP-7966: the receipt once mined, error 4 past the wait). The devnet runs in
// this process and produces a block only when a test says, so "not mined within the wait" is a fact, not luck.
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
import { AbiCoder, ContractFactory, Interface, getCreateAddress, keccak256 } from 'ethers';
import { type Viem, loadViem, photonPublicClient } from './clients-viem';
import { DEFAULT_CHAIN_ID, startTestDevnet } from './manual-devnet';

jest.setTimeout(120_000);

const TOKEN = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
/** PhotonToken's `balanceOf` mapping. */
const BALANCE_OF_SLOT = 3n;
const RECIPIENT = '0x000000000000000000000000000000000000beef';
/** EIP-2930 prices and the EIP-2929 cold-slot surcharge a listed slot no longer pays. */
const ADDRESS_COST = 2_400n;
const SLOT_COST = 1_900n;
const COLD_SLOAD_SAVED = 2_100n - 100n;

const balanceSlot = (holder: string): string =>
  keccak256(AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [holder, BALANCE_OF_SLOT]));
const quantity = (n: bigint): `0x${string}` => `0x${n.toString(16)}`;

describe.each<PhotonStackKind>(['in-process', 'cluster'])('access lists and sync sends, %s', (kind) => {
  const deployer = devWallet(5);
  const sender = devWallet(6);
  let devnet: Devnet;
  let stack: PhotonStack;
  let client: ReturnType<typeof photonPublicClient>;
  let token: `0x${string}`;
  let gasPrice: bigint;
  let senderNonce = 0;

  beforeAll(async () => {
    devnet = await startTestDevnet();
    stack = await startPhotonStack(kind, { engineUrl: devnet.rpcUrl, extraArgs: ['--log-level', 'warn'] });
    const viem: Viem = await loadViem();
    client = photonPublicClient(viem, stack.httpUrl);
    gasPrice = BigInt((await rpc<string>(stack.httpUrl, 'eth_gasPrice')).result ?? '0x0');
    const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode);
    const deploy = await factory.getDeployTransaction('Photon', 'PHO', 10n ** 24n);
    const raw = await deployer.signTransaction({
      ...deploy,
      type: 0,
      chainId: DEFAULT_CHAIN_ID.eip155,
      nonce: 0,
      gasLimit: 3_000_000n,
      gasPrice,
    });
    expect((await rpc(stack.httpUrl, 'eth_sendRawTransaction', [raw])).error).toBeUndefined();
    token = getCreateAddress({ from: deployer.address, nonce: 0 }).toLowerCase() as `0x${string}`;
    await mine();
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

  /** Produces a block once the engine's mempool holds `raw` (the tier answers it as a pending tx). */
  async function mineOnceTaken(raw: string): Promise<void> {
    await waitFor(
      async () => (await rpc(stack.httpUrl, 'eth_getTransactionByHash', [keccak256(raw)])).result != null,
      { what: 'the tx to be pending' },
    );
    await devnet.produceNext();
  }

  /** A signed 1-wei transfer of the sender, its next nonce. */
  function signedTransfer(): Promise<string> {
    return sender.signTransaction({
      type: 2,
      chainId: DEFAULT_CHAIN_ID.eip155,
      nonce: senderNonce++,
      to: RECIPIENT,
      value: 1n,
      gasLimit: 21_000n,
      maxFeePerGas: gasPrice * 2n,
      maxPriorityFeePerGas: 0n,
    });
  }

  it('default: an ERC-20 transfer lists the token with both balance slots; gasUsed is the gas with that list', async () => {
    const data = TOKEN.encodeFunctionData('transfer', [RECIPIENT, 1n]) as `0x${string}`;
    const call = { account: deployer.address as `0x${string}`, to: token, data };
    const answer = await client.createAccessList(call);
    expect(answer.accessList).toEqual([
      { address: token, storageKeys: [balanceSlot(deployer.address), balanceSlot(RECIPIENT)].sort() },
    ]);
    // geth's gasUsed: the call with the final list applied, which eth_estimateGas of the same call agrees with.
    const withList = await client.estimateGas({ ...call, accessList: answer.accessList });
    expect(answer.gasUsed).toBe(withList);
    // And the EIP-2930 arithmetic against the call without the list: the token (warm anyway as `to`) and two
    // slots are paid for, two cold SLOADs are saved.
    const without = await client.estimateGas(call);
    expect(answer.gasUsed - without).toBe(ADDRESS_COST + 2n * SLOT_COST - 2n * COLD_SLOAD_SAVED);
  });

  it('behavior: a call that reverts lists what it touched and says why', async () => {
    const data = TOKEN.encodeFunctionData('transfer', [deployer.address, 1n]);
    const answer = await rpc<{ accessList: unknown[]; gasUsed: string; error?: string }>(
      stack.httpUrl,
      'eth_createAccessList',
      [{ from: RECIPIENT, to: token, data }, 'latest'],
    );
    expect(answer.result).toEqual({
      accessList: [{ address: token, storageKeys: [balanceSlot(RECIPIENT)] }],
      gasUsed: expect.stringMatching(/^0x[1-9a-f][0-9a-f]*$/) as unknown,
      error: 'execution reverted',
    });
  });

  it('default: eth_sendRawTransactionSync answers the receipt eth_getTransactionReceipt gives', async () => {
    const raw = await signedTransfer();
    const answer = rpc<Record<string, unknown>>(stack.httpUrl, 'eth_sendRawTransactionSync', [raw, 10_000]);
    await mineOnceTaken(raw);
    const { result, error } = await answer;
    expect(error).toBeUndefined();
    const receipt = await rpc(stack.httpUrl, 'eth_getTransactionReceipt', [result?.transactionHash]);
    expect(result).toEqual(receipt.result);
    expect(result).toMatchObject({ status: '0x1', to: RECIPIENT });
  });

  it('default: viem reads the receipt of a sync send', async () => {
    const serializedTransaction = (await signedTransfer()) as `0x${string}`;
    const sent = client.sendRawTransactionSync({ serializedTransaction, timeout: 10_000 });
    await mineOnceTaken(serializedTransaction);
    const receipt = await sent;
    expect(receipt.status).toBe('success');
    expect(receipt.to).toBe(RECIPIENT);
  });

  it('error: past the wait, code 4 with the tx hash; the tx stays pending and is mined later', async () => {
    const raw = await signedTransfer();
    const { error } = await rpc(stack.httpUrl, 'eth_sendRawTransactionSync', [raw, quantity(300n)]);
    const hash = keccak256(raw);
    expect(error).toEqual({
      code: 4,
      message: "The transaction was added to the transaction pool but wasn't processed in 300ms",
      data: hash,
    });
    await mine();
    expect((await rpc(stack.httpUrl, 'eth_getTransactionReceipt', [hash])).result).toMatchObject({
      transactionHash: hash,
      status: '0x1',
    });
  });

  it('error: a tx the engine refuses answers at once, as eth_sendRawTransaction does', async () => {
    const raw = await sender.signTransaction({
      type: 2,
      chainId: DEFAULT_CHAIN_ID.eip155,
      nonce: 0,
      to: RECIPIENT,
      value: 1n,
      gasLimit: 21_000n,
      maxFeePerGas: gasPrice * 2n,
      maxPriorityFeePerGas: 0n,
    });
    const sync = await rpc(stack.httpUrl, 'eth_sendRawTransactionSync', [raw]);
    const plain = await rpc(stack.httpUrl, 'eth_sendRawTransaction', [raw]);
    expect(sync.error).toEqual(plain.error);
    expect(sync.error?.code).toBe(-32000);
  });
});
