// A PhotonToken (ERC-20) deployed through the tier by a dev account, and its transfers, for the event
// tests: the account's sends go through a NonceManager, so a test may fire many transfers without
// waiting for each.
import { PHOTON_TOKEN_ARTIFACT, devWallet } from '@photon/testing';
import { type Contract, ContractFactory, type JsonRpcProvider, NonceManager } from 'ethers';

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
