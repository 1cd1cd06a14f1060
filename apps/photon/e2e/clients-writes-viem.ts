// viem writing through the tier: wallet clients of local accounts deploy PhotonToken with deployContract,
// move it with legacy, EIP-2930 and EIP-1559 writeContract calls, run the allowance flow, find the Approval
// through a contract event filter (eth_newFilter), send with the gas estimateContractGas gave, and decode a
// revert with no data.
import { devWallet } from '@photon/testing';
import { type Viem, type ViemAccounts, loadViem, loadViemAccounts, photonChain } from './clients-viem';
import {
  ABI,
  BYTECODE,
  MISSING_ABI,
  RECEIVED,
  ROLES,
  SUPPLY,
  type WritesTarget,
  rejection,
} from './clients-writes-common';

export function describeViemWrites(target: () => WritesTarget): void {
  describe('viem writes', () => {
    const roles = ROLES.viem;
    let viem: Viem;
    let accounts: ViemAccounts;
    let client: ReturnType<Viem['createPublicClient']>;
    let token: `0x${string}`;
    let deployedAt: bigint;
    /** A wallet client of dev account `index`'s key, signing locally (eth_sendRawTransaction). */
    const wallet = (index: number) =>
      viem.createWalletClient({
        account: accounts.privateKeyToAccount(devWallet(index).privateKey as `0x${string}`),
        chain: photonChain(viem, target().httpUrl),
        transport: viem.http(target().httpUrl),
      });
    const mined = async (hash: `0x${string}`) => {
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 200 });
      if (receipt.status !== 'success') throw new Error(`tx ${hash} reverted`);
      return receipt;
    };
    const revertOf = (err: unknown) => {
      if (!(err instanceof viem.BaseError)) throw err;
      const found = err.walk((e) => e instanceof viem.ContractFunctionRevertedError);
      return found instanceof viem.ContractFunctionRevertedError ? found : undefined;
    };

    beforeAll(async () => {
      viem = await loadViem();
      accounts = await loadViemAccounts();
      client = viem.createPublicClient({
        chain: photonChain(viem, target().httpUrl),
        transport: viem.http(target().httpUrl),
      });
    });

    it('default: deploys the ERC-20 through deployContract', async () => {
      const hash = await wallet(roles.owner).deployContract({
        abi: ABI,
        bytecode: BYTECODE,
        args: ['Viem Token', 'VTK', SUPPLY],
      });
      const receipt = await mined(hash);
      token = receipt.contractAddress!;
      deployedAt = receipt.blockNumber;
      expect(await client.readContract({ address: token, abi: ABI, functionName: 'totalSupply' })).toBe(
        SUPPLY,
      );
    });

    it.each([
      ['legacy', 'legacy', 1n],
      ['EIP-2930', 'eip2930', 2n],
      ['EIP-1559', 'eip1559', 3n],
    ] as const)('default: a %s transfer', async (_name, type, amount) => {
      const base = {
        address: token,
        abi: ABI,
        functionName: 'transfer',
        args: [roles.recipient, amount],
      } as const;
      const hash =
        type === 'eip2930'
          ? await wallet(roles.owner).writeContract({
              ...base,
              type,
              accessList: [{ address: token, storageKeys: [] }],
            })
          : await wallet(roles.owner).writeContract({ ...base, type });
      expect((await mined(hash)).type).toBe(type);
      const tx = await client.getTransaction({ hash });
      expect(tx.type).toBe(type);
      if (type === 'eip2930') expect(tx.accessList).toEqual([{ address: token, storageKeys: [] }]);
    });

    it('default: approve, allowance and transferFrom', async () => {
      const owner = wallet(roles.owner).account.address;
      const spender = wallet(roles.spender).account.address;
      await mined(
        await wallet(roles.owner).writeContract({
          address: token,
          abi: ABI,
          functionName: 'approve',
          args: [spender, 50n],
        }),
      );
      const allowance = () =>
        client.readContract({ address: token, abi: ABI, functionName: 'allowance', args: [owner, spender] });
      expect(await allowance()).toBe(50n);
      await mined(
        await wallet(roles.spender).writeContract({
          address: token,
          abi: ABI,
          functionName: 'transferFrom',
          args: [owner, roles.recipient, 20n],
        }),
      );
      expect(await allowance()).toBe(30n);
    });

    it('args: a contract event filter (eth_newFilter) finds the Approval by its indexed owner', async () => {
      const owner = wallet(roles.owner).account.address;
      const filter = await client.createContractEventFilter({
        address: token,
        abi: ABI,
        eventName: 'Approval',
        args: { owner },
        fromBlock: deployedAt,
      });
      const logs = await client.getFilterLogs({ filter });
      expect(logs.map((l) => [l.args.owner, l.args.spender, l.args.value])).toEqual([
        [owner, wallet(roles.spender).account.address, 50n],
      ]);
      expect(await client.uninstallFilter({ filter })).toBe(true);
    });

    it('behavior: a transfer sent with the gas estimateContractGas gave succeeds', async () => {
      const request = {
        address: token,
        abi: ABI,
        functionName: 'transfer',
        args: [roles.recipient, 4n],
        account: wallet(roles.owner).account,
      } as const;
      const estimate = await client.estimateContractGas(request);
      expect(estimate).toBeGreaterThan(21_000n);
      const receipt = await mined(await wallet(roles.owner).writeContract({ ...request, gas: estimate }));
      expect(receipt.gasUsed).toBeLessThanOrEqual(estimate);
      expect(
        await client.readContract({
          address: token,
          abi: ABI,
          functionName: 'balanceOf',
          args: [roles.recipient],
        }),
      ).toBe(RECEIVED);
    });

    it('error: a revert with no data is an ExecutionRevertedError of unknown reason', async () => {
      const err = await rejection(
        client.simulateContract({ address: token, abi: MISSING_ABI, functionName: 'burn', args: [1n] }),
      );
      expect(err).toBeInstanceOf(viem.ContractFunctionExecutionError);
      expect((err as InstanceType<Viem['BaseError']>).shortMessage).toBe(
        'Execution reverted for an unknown reason.',
      );
      expect(
        (err as InstanceType<Viem['BaseError']>).walk((e) => e instanceof viem.ExecutionRevertedError),
      ).toBeInstanceOf(viem.ExecutionRevertedError);
      expect(revertOf(err)).toBeUndefined();
    });
  });
}
