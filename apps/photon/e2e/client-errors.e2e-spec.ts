// The error codes apps branch on (issue 14), as ethers v6, viem and web3.js 4 report them through the tier in
// both topologies: a send from an account without funds, a used nonce, a replacement without the fee bump,
// and reverts (reason, custom error, no data) met on the send path (eth_estimateGas). The devnet runs in the
// test process and makes blocks only when told, so a "pending" tx stays pending for as long as the suite runs.
import type { Devnet } from '@photon/devnet';
import {
  DevnetClient,
  PHOTON_TOKEN_ARTIFACT,
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import {
  Contract,
  ContractFactory,
  JsonRpcProvider,
  type Signer,
  Wallet,
  getCreateAddress,
  isError,
} from 'ethers';
import { Web3 } from 'web3';

import { type Viem, type ViemAccounts, loadViem, loadViemAccounts } from './clients-viem';
import { rejection } from './clients-writes-common';
import { DEFAULT_CHAIN_ID, startTestDevnet } from './manual-devnet';

jest.setTimeout(60_000);

const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
const ABI = PHOTON_TOKEN_ARTIFACT.abi;
const TOO_MUCH = 10n ** 30n;
/** A selector PhotonToken does not have: it has no fallback, so solc reverts with no data. */
const NO_SUCH_FUNCTION = '0xdeadbeef';

/** Dev accounts by role: each client has its own, so that one's pending tx never meets another's. */
const DEPLOYER = 7;
const USED_NONCE = { ethers: 6, viem: 5, web3: 4 } as const;
const PENDING = { ethers: 3, viem: 2, web3: 1 } as const;

/** What the first block holds: the token's deploy and one mined transfer from each USED_NONCE account. */
async function firstBlock(devnet: Devnet, gasPrice: bigint): Promise<string> {
  const engine = new DevnetClient(devnet.rpcUrl);
  const chainId = DEFAULT_CHAIN_ID.eip155;
  const factory = new ContractFactory(ABI, PHOTON_TOKEN_ARTIFACT.bytecode);
  const deploy = await factory.getDeployTransaction('Photon Errors', 'PER', 10n ** 24n);
  const raws = [
    await devWallet(DEPLOYER).signTransaction({
      ...deploy,
      chainId,
      nonce: 0,
      gasLimit: 2_000_000n,
      gasPrice,
    }),
  ];
  for (const index of Object.values(USED_NONCE)) {
    raws.push(
      await devWallet(index).signTransaction({
        chainId,
        nonce: 0,
        gasLimit: 21_000n,
        gasPrice,
        to: RECIPIENT,
        value: 1n,
      }),
    );
  }
  for (const raw of raws) expect((await engine.broadcast(raw)).code).toBe(0);
  await devnet.produceNext();
  return getCreateAddress({ from: devWallet(DEPLOYER).address, nonce: 0 });
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])(
  'client error codes over the %s topology',
  (kind) => {
    let devnet: Devnet;
    let stack: PhotonStack;
    let provider: JsonRpcProvider;
    let token: string;
    let gasPrice: bigint;

    beforeAll(async () => {
      devnet = await startTestDevnet();
      stack = await startPhotonStack(kind, { engineUrl: devnet.rpcUrl, extraArgs: ['--log-level', 'warn'] });
      gasPrice = BigInt((await rpc<string>(stack.httpUrl, 'eth_gasPrice')).result!);
      token = await firstBlock(devnet, gasPrice);
      // Reads go through the tier, which learns of the block from the engine's push: wait until it has.
      await waitFor(
        async () => (await rpc<string>(stack.httpUrl, 'eth_getCode', [token, 'latest'])).result?.length !== 2,
        { what: 'the token deployed, as the tier sees it' },
      );
      provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    });
    afterAll(async () => {
      provider?.destroy();
      await stack?.stop();
      await devnet?.stop();
    });

    describe('ethers v6', () => {
      const empty = () => Wallet.createRandom(provider);
      const tokenOf = (signer: Signer) => new Contract(token, ABI, signer);

      it('error: a send from an account without funds is INSUFFICIENT_FUNDS, estimated or not', async () => {
        // Without a gas limit ethers estimates first: eth_estimateGas must say "insufficient funds".
        const estimated = await rejection(empty().sendTransaction({ to: RECIPIENT, value: 1n }));
        expect(isError(estimated, 'INSUFFICIENT_FUNDS')).toBe(true);
        const sent = await rejection(
          empty().sendTransaction({ to: RECIPIENT, value: 1n, gasLimit: 21_000n }),
        );
        expect(isError(sent, 'INSUFFICIENT_FUNDS')).toBe(true);
      });

      it('error: a used nonce is NONCE_EXPIRED', async () => {
        const wallet = devWallet(USED_NONCE.ethers).connect(provider);
        const err = await rejection(
          wallet.sendTransaction({ to: RECIPIENT, value: 1n, nonce: 0, gasLimit: 21_000n }),
        );
        expect(isError(err, 'NONCE_EXPIRED')).toBe(true);
      });

      it('error: replacing a pending tx without the fee bump is REPLACEMENT_UNDERPRICED', async () => {
        const wallet = devWallet(PENDING.ethers).connect(provider);
        const tx = { to: RECIPIENT, nonce: 0, gasLimit: 21_000n, gasPrice, type: 0 } as const;
        await wallet.sendTransaction({ ...tx, value: 1n });
        const err = await rejection(wallet.sendTransaction({ ...tx, value: 2n }));
        expect(isError(err, 'REPLACEMENT_UNDERPRICED')).toBe(true);
      });

      it('error: a send that reverts is CALL_EXCEPTION with its reason, its custom error or no data', async () => {
        const signer = devWallet(USED_NONCE.ethers).connect(provider);
        const outsider = devWallet(9).connect(provider);
        const reason = await rejection(tokenOf(outsider).getFunction('transfer')(RECIPIENT, TOO_MUCH));
        expect(isError(reason, 'CALL_EXCEPTION')).toBe(true);
        expect(reason).toMatchObject({ action: 'estimateGas', reason: 'PhotonToken: insufficient balance' });

        const custom = await rejection(tokenOf(outsider).getFunction('mint')(outsider.address, 1n));
        expect(isError(custom, 'CALL_EXCEPTION')).toBe(true);
        // On the send path ethers decodes only Error(string) and Panic; a custom error is the app's to parse.
        expect(custom).toMatchObject({ action: 'estimateGas', revert: null });
        const parsed = tokenOf(outsider).interface.parseError((custom as { data: string }).data);
        expect({ name: parsed?.name, args: parsed?.args.toArray() }).toEqual({
          name: 'Unauthorized',
          args: [outsider.address],
        });

        const bare = await rejection(signer.sendTransaction({ to: token, data: NO_SUCH_FUNCTION }));
        expect(isError(bare, 'CALL_EXCEPTION')).toBe(true);
        expect(bare).toMatchObject({ action: 'estimateGas', data: null, reason: null, revert: null });
      });
    });

    describe('viem', () => {
      let viem: Viem;
      let accounts: ViemAccounts;

      beforeAll(async () => {
        viem = await loadViem();
        accounts = await loadViemAccounts();
      });

      const chain = () =>
        viem.defineChain({
          id: Number(DEFAULT_CHAIN_ID.eip155),
          name: 'Photon devnet',
          nativeCurrency: { name: 'Photon', symbol: 'PHOTON', decimals: 18 },
          rpcUrls: { default: { http: [stack.httpUrl] } },
        });
      const walletOf = (privateKey: string) =>
        viem.createWalletClient({
          account: accounts.privateKeyToAccount(privateKey as `0x${string}`),
          chain: chain(),
          transport: viem.http(stack.httpUrl),
        });
      /** The first error of `type` in viem's chain of causes, as viem's docs tell apps to find it. */
      const causeOf = <T>(err: unknown, type: abstract new (...args: never[]) => T): T | undefined => {
        if (!(err instanceof viem.BaseError)) throw err;
        const found = err.walk((e) => e instanceof type);
        return found instanceof type ? found : undefined;
      };
      const to = RECIPIENT.toLowerCase() as `0x${string}`;

      it('error: a send from an account without funds is InsufficientFundsError, estimated or not', async () => {
        const wallet = walletOf(accounts.generatePrivateKey());
        const estimated = await rejection(wallet.sendTransaction({ to, value: 1n }));
        expect(causeOf(estimated, viem.InsufficientFundsError)).toBeDefined();
        const sent = await rejection(wallet.sendTransaction({ to, value: 1n, gas: 21_000n, gasPrice }));
        expect(causeOf(sent, viem.InsufficientFundsError)).toBeDefined();
      });

      it('error: a used nonce is NonceTooLowError', async () => {
        const wallet = walletOf(devWallet(USED_NONCE.viem).privateKey);
        const err = await rejection(
          wallet.sendTransaction({ to, value: 1n, nonce: 0, gas: 21_000n, gasPrice }),
        );
        expect(causeOf(err, viem.NonceTooLowError)).toBeDefined();
      });

      it('error: viem has no class for an underpriced replacement: the -32000 InvalidInputRpcError in geth’s words', async () => {
        const wallet = walletOf(devWallet(PENDING.viem).privateKey);
        const tx = { to, nonce: 0, gas: 21_000n, gasPrice } as const;
        await wallet.sendTransaction({ ...tx, value: 1n });
        const err = await rejection(wallet.sendTransaction({ ...tx, value: 2n }));
        expect(causeOf(err, viem.InvalidInputRpcError)?.details).toBe('replacement transaction underpriced');
      });

      it('error: a write that reverts is ContractFunctionRevertedError with its reason, its custom error or no data', async () => {
        const outsider = walletOf(devWallet(9).privateKey);
        const address = viem.getAddress(token);
        const account = outsider.account.address;
        const write = (functionName: 'transfer' | 'mint', args: readonly [`0x${string}`, bigint]) =>
          rejection(outsider.writeContract({ address, abi: ABI, functionName, args }));

        const reason = await write('transfer', [to, TOO_MUCH]);
        expect(causeOf(reason, viem.ContractFunctionRevertedError)?.reason).toBe(
          'PhotonToken: insufficient balance',
        );
        const custom = await write('mint', [account, 1n]);
        expect(causeOf(custom, viem.ContractFunctionRevertedError)?.data).toMatchObject({
          errorName: 'Unauthorized',
          args: [account],
        });
        const bare = await rejection(outsider.sendTransaction({ to: address, data: NO_SUCH_FUNCTION }));
        expect(causeOf(bare, viem.ExecutionRevertedError)).toBeDefined();
      });
    });

    describe('web3.js 4', () => {
      /** web3.js keeps the node's error as `cause` (or `innerError`): its code and message. */
      const nodeError = (err: unknown): { code?: number; message?: string } => {
        const e = err as { cause?: unknown; innerError?: unknown };
        return e.cause ?? e.innerError ?? {};
      };
      const web3With = (privateKey: string): { web3: Web3; from: string } => {
        const web3 = new Web3(stack.httpUrl);
        const [account] = web3.eth.accounts.wallet.add(privateKey);
        return { web3, from: account!.address };
      };

      it('error: a send from an account without funds keeps geth’s insufficient funds', async () => {
        const { web3, from } = web3With(Wallet.createRandom().privateKey);
        const estimated = await rejection(web3.eth.sendTransaction({ from, to: RECIPIENT, value: 1n }));
        // web3.js estimates first and reports the node's refusal as a revert, with geth's words as reason.
        expect(estimated).toMatchObject({ name: 'TransactionRevertInstructionError' });
        expect((estimated as { reason?: string }).reason).toBe('insufficient funds for transfer');
        const sent = await rejection(
          web3.eth.sendTransaction({ from, to: RECIPIENT, value: 1n, gas: 21_000n, gasPrice }),
        );
        // With a gas limit web3.js still runs eth_call first (checkRevertBeforeSending): the same answer.
        expect(sent).toMatchObject({
          name: 'TransactionRevertInstructionError',
          reason: 'insufficient funds for transfer',
        });
      });

      it('error: a used nonce keeps geth’s nonce too low', async () => {
        const { web3, from } = web3With(devWallet(USED_NONCE.web3).privateKey);
        const err = await rejection(
          web3.eth.sendTransaction({ from, to: RECIPIENT, value: 1n, nonce: 0, gas: 21_000n, gasPrice }),
        );
        // web3.js has no class of its own here: an InvalidResponseError around the node's -32000.
        expect(err).toMatchObject({ name: 'InvalidResponseError' });
        expect(nodeError(err)).toEqual({ code: -32000, message: 'nonce too low: next nonce 1, tx nonce 0' });
      });

      it('error: a replacement without the fee bump keeps geth’s replacement transaction underpriced', async () => {
        const { web3, from } = web3With(devWallet(PENDING.web3).privateKey);
        const tx = {
          to: RECIPIENT,
          nonce: 0,
          gasLimit: 21_000n,
          gasPrice,
          type: 0,
          chainId: DEFAULT_CHAIN_ID.eip155,
        };
        // The pending tx goes in raw: web3.js's send would poll for a receipt no block will bring.
        const pending = await devWallet(PENDING.web3).signTransaction({ ...tx, value: 1n });
        expect((await rpc(stack.httpUrl, 'eth_sendRawTransaction', [pending])).error).toBeUndefined();
        const err = await rejection(
          web3.eth.sendTransaction({ from, to: RECIPIENT, nonce: 0, gas: 21_000n, gasPrice, value: 2n }),
        );
        expect(err).toMatchObject({ name: 'InvalidResponseError' });
        expect(nodeError(err)).toEqual({ code: -32000, message: 'replacement transaction underpriced' });
      });

      it('error: a send that reverts is a ContractExecutionError with its reason or custom error, or carries no data', async () => {
        const { web3, from } = web3With(devWallet(9).privateKey);
        const contract = new web3.eth.Contract(ABI, token);
        const reason = await rejection(contract.methods.transfer(RECIPIENT, TOO_MUCH).send({ from }));
        expect(reason).toMatchObject({
          name: 'ContractExecutionError',
          cause: { code: 3, message: 'execution reverted: PhotonToken: insufficient balance' },
        });
        const custom = await rejection(contract.methods.mint(from, 1n).send({ from }));
        expect(custom).toMatchObject({
          name: 'ContractExecutionError',
          cause: { code: 3, errorName: 'Unauthorized' },
        });
        const bare = await rejection(web3.eth.sendTransaction({ from, to: token, data: NO_SUCH_FUNCTION }));
        // A revert without data is geth's -32000 `execution reverted`: web3.js's revert class, no signature.
        expect(bare).toMatchObject({
          name: 'TransactionRevertInstructionError',
          reason: 'execution reverted',
          signature: undefined,
        });
      });
    });
  },
);
