// `hardhat run scripts/deploy.ts --network photon`: deploys PhotonToken from the first dev account,
// sends part of the supply to the fourth and reads the balances back, all through Photon. The
// deployment is written to DEPLOYMENT_FILE, for `hardhat test` and the jest spec to check the chain.
import { ethers, network } from 'hardhat';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { DEPLOYMENT_FILE, type Deployment } from '../out-dir';

const SUPPLY = 10n ** 24n;
const SENT = 12_345n * 10n ** 18n;

async function main(): Promise<void> {
  const [deployer, holder] = [await ethers.provider.getSigner(0), await ethers.provider.getSigner(3)];
  const factory = await ethers.getContractFactory('PhotonToken', deployer);
  const token = await (await factory.deploy('Photon', 'PHO', SUPPLY)).waitForDeployment();
  const tokenAddress = await token.getAddress();

  const receipt = await (await token.getFunction('transfer')(holder.address, SENT)).wait();
  if (receipt?.status !== 1) throw new Error(`the transfer failed: ${JSON.stringify(receipt)}`);

  const held = (await token.getFunction('balanceOf')(holder.address)) as bigint;
  const left = (await token.getFunction('balanceOf')(deployer.address)) as bigint;
  if (held !== SENT || left !== SUPPLY - SENT) {
    throw new Error(`balances after the transfer: holder ${held}, deployer ${left}`);
  }

  const deployment: Deployment = {
    chainId: Number((await ethers.provider.getNetwork()).chainId),
    token: tokenAddress,
    deployer: deployer.address,
    holder: holder.address,
    sent: SENT.toString(),
    transferBlock: receipt.blockNumber,
  };
  console.log(`PhotonToken deployed at ${tokenAddress} on ${network.name}; holder has ${held}`);
  mkdirSync(dirname(DEPLOYMENT_FILE), { recursive: true });
  writeFileSync(DEPLOYMENT_FILE, JSON.stringify(deployment));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
