// A PhotonToken (ERC-20) deployed through the tier by a dev account, and its transfers, for the event
// tests: the account's sends go through a NonceManager, so a test may fire many transfers without
// waiting for each.
import {
  PHOTON_TOKEN_ARTIFACT,
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  startPhotonStack,
} from '@photon/testing';
import { type Contract, ContractFactory, JsonRpcProvider, NonceManager } from 'ethers';

export async function deployToken(provider: JsonRpcProvider, devAccount: number): Promise<Contract> {
  const signer = new NonceManager(devWallet(devAccount).connect(provider));
  const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode, signer);
  return (await (await factory.deploy('Photon', 'PHO', 10n ** 24n)).waitForDeployment()) as Contract;
}

/** Sends `amount` of `token` to `to`; resolves with the tx hash, after it is mined when `mined`. */
export async function transferToken(
  token: Contract,
  to: string,
  amount: bigint,
  mined = true,
): Promise<string> {
  const tx = (await token.getFunction('transfer')(to, amount)) as { hash: string; wait(): Promise<unknown> };
  if (mined) await tx.wait();
  return tx.hash;
}

export interface TokenStack {
  readonly stack: PhotonStack;
  /** A provider on the stack's HTTP listener, polling every 200 ms. */
  readonly provider: JsonRpcProvider;
  readonly token: Contract;
}

/** A stack of `kind` (warnings only in its log) with a token deployed by `devAccount`. */
export async function startTokenStack(kind: PhotonStackKind, devAccount: number): Promise<TokenStack> {
  const stack = await startPhotonStack(kind, { extraArgs: ['--log-level', 'warn'] });
  const provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  provider.pollingInterval = 200;
  return { stack, provider, token: await deployToken(provider, devAccount) };
}

/** Stops what startTokenStack started (either may be missing when it failed half-way). */
export async function stopTokenStack(started: Partial<TokenStack>): Promise<void> {
  started.provider?.destroy();
  await started.stack?.stop();
}
