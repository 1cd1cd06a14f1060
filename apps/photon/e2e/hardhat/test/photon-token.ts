// `hardhat test --network photon`: mocha + chai through hardhat-ethers against Photon. Each test sends
// real transactions to the tier and checks what a Hardhat user relies on: deployment, state after a
// transfer, events by filter, a revert's reason string and a custom error decoded from the revert data.
// (Not *.spec.ts: these run under Hardhat's mocha, not jest; mocha provides describe/it/before.)
import { expect } from 'chai';
import { type Contract, type Signer } from 'ethers';
import { ethers } from 'hardhat';
import { readFileSync } from 'node:fs';

import { DEPLOYMENT_FILE, type Deployment } from '../out-dir';

// The workspace type-checks with jest's globals, whose describe/it match mocha's; mocha's `before`
// has no jest twin, so it is declared here (at run time it is mocha's global).
declare function before(hook: () => Promise<void>): void;

/**
 * The JSON-RPC error of a send that reverts. hardhat-ethers estimates gas first and passes the node's
 * error on as Hardhat's ProviderError, with the error object's `data` (the revert data) beside the
 * message: hardhat-chai-matchers' `revertedWith`/`revertedWithCustomError` decode that `data`, so
 * the tier must put it there, as geth does.
 */
async function revertOf(promise: Promise<unknown>): Promise<{ message: string; data: string }> {
  try {
    await promise;
  } catch (err) {
    const { message, data } = err as { message: string; data?: unknown };
    if (typeof data !== 'string') throw err;
    return { message, data };
  }
  throw new Error('expected a revert');
}

describe('PhotonToken through Photon, from Hardhat', () => {
  let owner: Signer;
  let alice: Signer;
  let token: Contract;

  before(async () => {
    [owner, alice] = [await ethers.provider.getSigner(1), await ethers.provider.getSigner(2)];
    const factory = await ethers.getContractFactory('PhotonToken', owner);
    token = await (await factory.deploy('Photon', 'PHO', 1_000n)).waitForDeployment();
  });

  it('is on the network Hardhat was told of: chain id 9000, funded dev accounts', async () => {
    expect((await ethers.provider.getNetwork()).chainId).to.equal(9000n);
    expect((await ethers.provider.getBalance(await alice.getAddress())) > 0n).to.equal(true);
  });

  it('deploys, and reads the constructor state back', async () => {
    expect(await ethers.provider.getCode(await token.getAddress())).to.not.equal('0x');
    expect(await token.getFunction('symbol')()).to.equal('PHO');
    expect(await token.getFunction('owner')()).to.equal(await owner.getAddress());
    expect(await token.getFunction('balanceOf')(await owner.getAddress())).to.equal(1_000n);
  });

  it('transfers, and finds the Transfer event by filter', async () => {
    const to = await alice.getAddress();
    const receipt = await (await token.getFunction('transfer')(to, 250n)).wait();
    expect(receipt.status).to.equal(1);
    expect(await token.getFunction('balanceOf')(to)).to.equal(250n);

    const events = await token.queryFilter(
      token.filters.Transfer!(await owner.getAddress(), to),
      receipt.blockNumber,
      receipt.blockNumber,
    );
    expect(events).to.have.length(1);
    expect(events[0]!.transactionHash).to.equal(receipt.hash);
    expect((events[0] as unknown as { args: unknown[] }).args[2]).to.equal(250n);
  });

  it('surfaces a revert reason string', async () => {
    const tooMuch = token.connect(alice).getFunction('transfer')(await owner.getAddress(), 10n ** 30n);
    const { message, data } = await revertOf(tooMuch);
    expect(message).to.equal('execution reverted: PhotonToken: insufficient balance');
    // Error(string): the selector 0x08c379a0, then the ABI-encoded reason.
    expect(data.slice(0, 10)).to.equal('0x08c379a0');
    const [reason] = ethers.AbiCoder.defaultAbiCoder().decode(['string'], `0x${data.slice(10)}`);
    expect(reason).to.equal('PhotonToken: insufficient balance');
  });

  it('decodes a custom error from the revert data', async () => {
    const { data } = await revertOf(token.connect(alice).getFunction('mint')(await alice.getAddress(), 1n));
    const decoded = token.interface.parseError(data);
    expect(decoded?.name).to.equal('Unauthorized');
    expect(decoded?.args[0]).to.equal(await alice.getAddress());
  });

  // Run `hardhat run scripts/deploy.ts` on the same chain first: it records what it deployed.
  it('sees the token and transfer `hardhat run scripts/deploy.ts` left on the chain', async () => {
    const deployment = JSON.parse(readFileSync(DEPLOYMENT_FILE, 'utf8')) as Deployment;
    expect(deployment.chainId).to.equal(9000);
    const earlier = await ethers.getContractAt('PhotonToken', deployment.token);
    expect(await earlier.getFunction('balanceOf')(deployment.holder)).to.equal(BigInt(deployment.sent));
    const transfers = await earlier.queryFilter(
      earlier.filters.Transfer!(deployment.deployer, deployment.holder),
      deployment.transferBlock,
      deployment.transferBlock,
    );
    expect(transfers).to.have.length(1);
  });
});
