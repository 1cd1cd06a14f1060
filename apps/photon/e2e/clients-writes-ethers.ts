// ethers v6 writing through the tier: a Wallet deploys PhotonToken with ContractFactory, moves it with a
// legacy, an EIP-2930 and an EIP-1559 transaction, runs the allowance flow, finds the Approval with
// queryFilter, sends with the gas estimateGas gave, and decodes a revert with no data (reason and custom
// error reverts are clients.e2e-spec.ts's reads; error codes are client-errors.e2e-spec.ts's).
import { devWallet } from '@photon/testing';
import {
  Contract,
  ContractFactory,
  type ContractTransactionResponse,
  JsonRpcProvider,
  type Signer,
  isCallException,
} from 'ethers';
import {
  ABI,
  BYTECODE,
  MISSING,
  RECEIVED,
  ROLES,
  SUPPLY,
  type WritesTarget,
  rejection,
} from './clients-writes-common';

export function describeEthersWrites(target: () => WritesTarget): void {
  describe('ethers v6 writes', () => {
    const roles = ROLES.ethers;
    let provider: JsonRpcProvider;
    let owner: Signer;
    let spender: Signer;
    let token: Contract;
    let deployedAt: number;
    const send = async (pending: Promise<unknown>) => {
      const receipt = await ((await pending) as ContractTransactionResponse).wait();
      if (receipt?.status !== 1) throw new Error(`tx failed: ${JSON.stringify(receipt)}`);
      return receipt;
    };

    beforeAll(() => {
      // The cache off: a second send within 250 ms would otherwise reuse the first one's pending nonce.
      provider = new JsonRpcProvider(target().httpUrl, undefined, {
        staticNetwork: true,
        pollingInterval: 200,
        cacheTimeout: -1,
      });
      owner = devWallet(roles.owner).connect(provider);
      spender = devWallet(roles.spender).connect(provider);
    });
    afterAll(() => provider?.destroy());

    it('default: deploys the ERC-20 through ContractFactory', async () => {
      const factory = new ContractFactory(ABI, BYTECODE, owner);
      token = (await (await factory.deploy('Ethers Token', 'ETK', SUPPLY)).waitForDeployment()) as Contract;
      const receipt = await token.deploymentTransaction()!.wait();
      deployedAt = receipt!.blockNumber;
      expect(await token.getFunction('totalSupply')()).toBe(SUPPLY);
      expect(await token.getFunction('balanceOf')(await owner.getAddress())).toBe(SUPPLY);
    });

    it.each([
      ['legacy', 0, 1n],
      ['EIP-2930', 1, 2n],
      ['EIP-1559', 2, 3n],
    ] as const)('default: a %s transfer', async (_name, type, amount) => {
      const accessList =
        type === 1 ? [{ address: await token.getAddress(), storageKeys: [] as string[] }] : undefined;
      const receipt = await send(
        token.getFunction('transfer')(roles.recipient, amount, { type, accessList }),
      );
      expect(receipt.type).toBe(type);
      const tx = await provider.getTransaction(receipt.hash);
      expect(tx?.type).toBe(type);
      if (type === 1) expect(tx?.accessList).toEqual(accessList);
    });

    it('default: approve, allowance and transferFrom', async () => {
      const [ownerAddress, spenderAddress] = [await owner.getAddress(), await spender.getAddress()];
      await send(token.getFunction('approve')(spenderAddress, 50n));
      expect(await token.getFunction('allowance')(ownerAddress, spenderAddress)).toBe(50n);
      const asSpender = token.connect(spender) as Contract;
      await send(asSpender.getFunction('transferFrom')(ownerAddress, roles.recipient, 20n));
      expect(await token.getFunction('allowance')(ownerAddress, spenderAddress)).toBe(30n);
    });

    it('args: queryFilter finds the Approval by its indexed owner', async () => {
      const events = await token.queryFilter(
        token.filters['Approval']!(await owner.getAddress()),
        deployedAt,
      );
      expect(events.map((e) => ('args' in e ? e.args.toArray() : e.topics))).toEqual([
        [await owner.getAddress(), await spender.getAddress(), 50n],
      ]);
    });

    it('behavior: a transfer sent with the gas estimateGas gave succeeds', async () => {
      const transfer = token.getFunction('transfer');
      const estimate = await transfer.estimateGas(roles.recipient, 4n);
      expect(estimate).toBeGreaterThan(21_000n);
      const receipt = await send(transfer(roles.recipient, 4n, { gasLimit: estimate }));
      expect(receipt.gasUsed).toBeLessThanOrEqual(estimate);
      expect(await token.getFunction('balanceOf')(roles.recipient)).toBe(RECEIVED);
    });

    // geth answers a bare REVERT with -32000 `execution reverted` and no data, as the tier does.
    it('error: a revert with no data is a CALL_EXCEPTION with missing revert data', async () => {
      const missing = new Contract(await token.getAddress(), [MISSING], provider);
      const err = await rejection(missing.getFunction('burn').staticCall(1n));
      expect(isCallException(err)).toBe(true);
      expect(err).toMatchObject({ data: null, reason: null, revert: null });
      expect((err as Error).message).toMatch(/^missing revert data/);
    });
  });
}
