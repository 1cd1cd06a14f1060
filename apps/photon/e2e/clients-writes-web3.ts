// web3.js 4 writing through the tier: keys in its local wallet, it deploys PhotonToken with
// Contract.deploy, moves it with legacy, EIP-2930 and EIP-1559 sends, runs the allowance flow, finds the
// Approval with getPastEvents, sends with the gas estimateGas gave, and decodes reverts with a reason, a
// custom error and no data; then its personal flow against the keystore (the namespace on).
import { devWallet, waitFor } from '@photon/testing';
import { Web3, type Contract as Web3Contract } from 'web3';
import {
  ABI,
  BYTECODE,
  MISSING_ABI,
  PASSPHRASE,
  RECEIVED,
  ROLES,
  SUPPLY,
  type WritesTarget,
  rejection,
} from './clients-writes-common';

export function describeWeb3Writes(target: () => WritesTarget): void {
  describe('web3.js 4 writes', () => {
    const roles = ROLES.web3;
    let web3: Web3;
    let owner: string;
    let spender: string;
    let token: Web3Contract<typeof ABI>;
    let deployedFrom: bigint;
    /** web3's ContractExecutionError's decoded revert (Eip838ExecutionError), as web3's docs show it. */
    const revertOf = (err: unknown) =>
      (
        err as {
          cause?: { message: string; errorName?: string; errorArgs?: Record<string, unknown>; data?: string };
        }
      ).cause;

    beforeAll(() => {
      web3 = new Web3(target().httpUrl);
      web3.transactionPollingInterval = 200;
      // Keys in web3's local wallet: web3 signs and sends eth_sendRawTransaction.
      owner = web3.eth.accounts.wallet.add(devWallet(roles.owner).privateKey).get(0)!.address;
      spender = web3.eth.accounts.wallet.add(devWallet(roles.spender).privateKey).get(1)!.address;
    });

    it('default: deploys the ERC-20 through Contract.deploy', async () => {
      deployedFrom = await web3.eth.getBlockNumber();
      token = await new web3.eth.Contract(ABI)
        .deploy({ data: BYTECODE, arguments: ['Web3 Token', 'W3T', SUPPLY] })
        .send({ from: owner });
      expect(await token.methods.totalSupply().call()).toBe(SUPPLY);
      expect(await token.methods.balanceOf(owner).call()).toBe(SUPPLY);
    });

    it.each([
      ['legacy', 0n, 1n],
      ['EIP-2930', 1n, 2n],
      ['EIP-1559', 2n, 3n],
    ] as const)('default: a %s transfer', async (_name, type, amount) => {
      const accessList = [{ address: token.options.address!.toLowerCase(), storageKeys: [] as string[] }];
      const receipt = await token.methods
        .transfer(roles.recipient, amount)
        .send({ from: owner, type: Number(type), ...(type === 1n ? { accessList } : {}) });
      expect(receipt.status).toBe(1n);
      expect(receipt.type).toBe(type);
      const tx = await web3.eth.getTransaction(receipt.transactionHash);
      expect(BigInt(tx.type)).toBe(type);
      if (type === 1n) expect('accessList' in tx ? tx.accessList : undefined).toEqual(accessList);
    });

    it('default: approve, allowance and transferFrom', async () => {
      await token.methods.approve(spender, 50n).send({ from: owner });
      expect(await token.methods.allowance(owner, spender).call()).toBe(50n);
      await token.methods.transferFrom(owner, roles.recipient, 20n).send({ from: spender });
      expect(await token.methods.allowance(owner, spender).call()).toBe(30n);
    });

    it('args: getPastEvents finds the Approval by its indexed owner', async () => {
      const events = await token.getPastEvents('Approval', { filter: { owner }, fromBlock: deployedFrom });
      expect(
        events.map((e) =>
          typeof e === 'string'
            ? e
            : [e.returnValues['owner'], e.returnValues['spender'], e.returnValues['value']],
        ),
      ).toEqual([[owner, spender, 50n]]);
    });

    it('behavior: a transfer sent with the gas estimateGas gave succeeds', async () => {
      const estimate = await token.methods.transfer(roles.recipient, 4n).estimateGas({ from: owner });
      expect(estimate).toBeGreaterThan(21_000n);
      const receipt = await token.methods
        .transfer(roles.recipient, 4n)
        .send({ from: owner, gas: estimate.toString() });
      expect(receipt.gasUsed).toBeLessThanOrEqual(estimate);
      expect(await token.methods.balanceOf(roles.recipient).call()).toBe(RECEIVED);
    });

    it('error: a revert with a reason, with a custom error and with no data, decoded', async () => {
      const reason = await rejection(token.methods.transfer(owner, 10n ** 30n).call({ from: spender }));
      expect(revertOf(reason)).toMatchObject({
        errorName: 'Error',
        errorArgs: { message: 'PhotonToken: insufficient balance' },
      });
      const custom = await rejection(token.methods.mint(spender, 1n).call({ from: spender }));
      expect(revertOf(custom)).toMatchObject({ errorName: 'Unauthorized', errorArgs: { caller: spender } });
      const missing = new web3.eth.Contract(MISSING_ABI, token.options.address);
      const none = await rejection(missing.methods.burn(1n).call({ from: spender }));
      expect(revertOf(none)).toMatchObject({ message: 'execution reverted', data: undefined });
      expect(revertOf(none)?.errorName).toBeUndefined();
    });
  });

  describe('web3.js 4 personal', () => {
    it('default: a new account, funded, signs, sends unlocked and with personal_sendTransaction', async () => {
      const web3 = new Web3(target().httpUrl);
      web3.transactionPollingInterval = 200;
      const funder = web3.eth.accounts.wallet.add(devWallet(9).privateKey).get(0)!.address;
      const account = await web3.eth.personal.newAccount(PASSPHRASE);
      expect(await web3.eth.personal.getAccounts()).toContain(account);
      await web3.eth.sendTransaction({ from: funder, to: account, value: 10n ** 18n });

      const message = web3.utils.utf8ToHex('photon personal flow');
      const signature = await web3.eth.personal.sign(message, account, PASSPHRASE);
      expect((await web3.eth.personal.ecRecover(message, signature)).toLowerCase()).toBe(
        account.toLowerCase(),
      );

      expect(await web3.eth.personal.unlockAccount(account, PASSPHRASE, 60)).toBe(true);
      const unlocked = await web3.eth.sendTransaction({ from: account, to: ROLES.web3.recipient, value: 1n });
      expect(unlocked.status).toBe(1n);
      expect(await web3.eth.personal.lockAccount(account)).toBe(true);

      const hash = await web3.eth.personal.sendTransaction(
        { from: account, to: ROLES.web3.recipient, value: 2n },
        PASSPHRASE,
      );
      await waitFor(async () => (await web3.eth.getTransactionReceipt(hash).catch(() => null)) != null, {
        what: `the receipt of ${hash}`,
      });
      expect((await web3.eth.getTransactionReceipt(hash)).status).toBe(1n);
      expect(await web3.eth.getBalance(ROLES.web3.recipient)).toBe(3n);
    });
  });
}
