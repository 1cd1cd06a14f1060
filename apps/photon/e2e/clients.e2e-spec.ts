// ethers v6, viem and web3.js 4 read, through the gateway, a chain on which an ERC-20 was deployed
// and moved across blocks, in both topologies: each decodes what it is used for (blocks, receipts,
// logs, calls, reverts) and all three see the same values (CLIENT-COMPAT.md); then each writes through it
// (clients-writes-*.ts) and all three read fees and batch (clients-fees-batches.ts).
import {
  type PhotonStack,
  PHOTON_TOKEN_ARTIFACT,
  devWallet,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { Contract, JsonRpcProvider, type Log, isCallException, zeroPadValue } from 'ethers';
import { Web3 } from 'web3';

import { type ClientsChain, TOKEN_INTERFACE, putClientsChain } from './clients-chain';
import { type Viem, loadViem, photonPublicClient } from './clients-viem';
import { describeFeesAndBatches } from './clients-fees-batches';
import { describeEthersWrites } from './clients-writes-ethers';
import { describeViemWrites } from './clients-writes-viem';
import { describeWeb3Writes } from './clients-writes-web3';
import { rejection } from './clients-writes-common';

jest.setTimeout(60_000);

const GENESIS_BALANCE = 1_000_000n * 10n ** 18n;
const ABI = PHOTON_TOKEN_ARTIFACT.abi;

/** What every client's log is compared on. */
interface PlainLog {
  blockHash: string;
  blockNumber: bigint;
  transactionHash: string;
  logIndex: bigint;
  address: string;
  topics: string[];
  data: string;
}

const fromEthersLog = (log: Log): PlainLog => ({
  blockHash: log.blockHash,
  blockNumber: BigInt(log.blockNumber),
  transactionHash: log.transactionHash,
  logIndex: BigInt(log.index),
  address: log.address.toLowerCase(),
  topics: [...log.topics],
  data: log.data,
});

describe.each(['in-process', 'cluster'] as const)('real clients over the %s topology', (kind) => {
  let stack: PhotonStack;
  let chain: ClientsChain;
  let provider: JsonRpcProvider;
  let viemLib: Viem;
  let viem: ReturnType<typeof photonPublicClient>;
  let web3: Web3;
  // Checksummed, as viem's address types want them (ethers' HDNodeWallet addresses are).
  const holder = devWallet(9).address as `0x${string}`;
  const outsider = devWallet(8).address as `0x${string}`;
  const firstBlock = (): bigint => chain.deploy.height;
  const lastBlock = (): bigint => chain.transfers[chain.transfers.length - 1]!.height;
  const transfer = (i: number) => chain.transfers[i]!;
  const tokenAddress = () => viemLib.getAddress(chain.token);
  /** The ContractFunctionRevertedError inside a viem error, as viem's docs tell apps to find it. */
  const revertOf = (err: unknown) => {
    if (!(err instanceof viemLib.BaseError)) throw err;
    const found = err.walk((e) => e instanceof viemLib.ContractFunctionRevertedError);
    return found instanceof viemLib.ContractFunctionRevertedError ? found : undefined;
  };

  beforeAll(async () => {
    // The personal namespace on for web3.js's personal flow (clients-writes-web3.ts).
    stack = await startPhotonStack(kind, {
      extraArgs: ['--log-level', 'warn', '--rpc-api', 'eth,net,web3,personal', '--lightkdf'],
    });
    chain = await putClientsChain(stack.devnetUrl);
    // The tier learns of new blocks from the engine's pushes: read once it has seen the last one.
    await waitFor(
      async () =>
        BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result ?? '0x0') >= lastBlock(),
      { what: `the tier at height ${lastBlock()}` },
    );
    provider = new JsonRpcProvider(stack.httpUrl);
    viemLib = await loadViem();
    viem = photonPublicClient(viemLib, stack.httpUrl);
    web3 = new Web3(stack.httpUrl);
  });
  afterAll(async () => {
    provider?.destroy();
    await stack?.stop();
  });

  describe('ethers v6 JsonRpcProvider', () => {
    it('default: getBlock by number, by hash and latest', async () => {
      const byNumber = await provider.getBlock(transfer(0).height);
      expect(byNumber).toMatchObject({ number: Number(transfer(0).height) });
      expect(byNumber!.transactions).toContain(transfer(0).hash);
      const byHash = await provider.getBlock(byNumber!.hash!);
      expect(byHash).toMatchObject({
        hash: byNumber!.hash,
        number: byNumber!.number,
        timestamp: byNumber!.timestamp,
        parentHash: byNumber!.parentHash,
      });
      const latest = await provider.getBlock('latest');
      expect(latest!.number).toBeGreaterThanOrEqual(Number(lastBlock()));
    });

    it('args: getBlock with prefetched transactions', async () => {
      const block = await provider.getBlock(transfer(1).height, true);
      const tx = block!.prefetchedTransactions.find((t) => t.hash === transfer(1).hash);
      expect(tx).toMatchObject({
        from: transfer(1).from,
        to: chain.token,
        blockNumber: Number(transfer(1).height),
        blockHash: block!.hash,
        data: TOKEN_INTERFACE.encodeFunctionData('transfer', [transfer(1).to, transfer(1).amount]),
      });
    });

    it('default: getTransactionReceipt of a transfer and of the deploy', async () => {
      const receipt = await provider.getTransactionReceipt(transfer(2).hash);
      expect(receipt).toMatchObject({
        hash: transfer(2).hash,
        status: 1,
        blockNumber: Number(transfer(2).height),
        from: transfer(2).from,
        to: chain.token,
        contractAddress: null,
      });
      expect(receipt!.cumulativeGasUsed).toBeGreaterThanOrEqual(receipt!.gasUsed);
      expect(receipt!.logs).toHaveLength(1);
      expect(TOKEN_INTERFACE.parseLog(receipt!.logs[0]!)?.args.toArray()).toEqual([
        transfer(2).from,
        transfer(2).to,
        transfer(2).amount,
      ]);
      const deploy = await provider.getTransactionReceipt(chain.deploy.hash);
      expect(deploy).toMatchObject({ status: 1, contractAddress: chain.token, to: null });
    });

    it('behavior: waitForTransaction on a mined hash resolves with its receipt', async () => {
      const receipt = await provider.waitForTransaction(transfer(0).hash, 1, 10_000);
      expect(receipt).toMatchObject({ hash: transfer(0).hash, blockNumber: Number(transfer(0).height) });
    });

    it('default: getBalance of an untouched and of a paying account', async () => {
      // Not account 0: the devnet's validator account, paid the priority fees.
      expect(await provider.getBalance(devWallet(6).address)).toBe(GENESIS_BALANCE);
      // Dev account 7 paid the gas of the deploy and of its transfers, and nothing else.
      const paid = [chain.deploy, ...chain.transfers.filter((t) => t.from === chain.deployer)];
      let fees = 0n;
      for (const tx of paid) {
        const receipt = await provider.getTransactionReceipt(tx.hash);
        fees += receipt!.gasUsed * receipt!.gasPrice;
      }
      expect(await provider.getBalance(chain.deployer)).toBe(GENESIS_BALANCE - fees);
    });

    it('args: getLogs with a topic filter', async () => {
      const logs = await provider.getLogs({
        address: chain.token,
        fromBlock: firstBlock(),
        toBlock: lastBlock(),
        topics: [TOKEN_INTERFACE.getEvent('Transfer')!.topicHash, null, zeroPadValue(holder, 32)],
      });
      const toHolder = chain.transfers.filter((t) => t.to === holder);
      expect(logs.map((l) => l.transactionHash)).toEqual(toHolder.map((t) => t.hash));
      expect(logs.map((l) => TOKEN_INTERFACE.parseLog(l)?.args.toArray())).toEqual(
        toHolder.map((t) => [t.from, t.to, t.amount]),
      );
    });

    it('default: Contract.balanceOf through eth_call', async () => {
      const token = new Contract(chain.token, ABI, provider);
      for (const [account, balance] of chain.balances)
        expect(await token.getFunction('balanceOf')(account)).toBe(balance);
    });

    it('error: a revert is decoded to its reason', async () => {
      const token = new Contract(chain.token, ABI, provider);
      const err = await rejection(
        token.getFunction('transfer').staticCall(outsider, 10n ** 30n, { from: holder }),
      );
      expect(isCallException(err)).toBe(true);
      expect(err).toMatchObject({
        reason: 'PhotonToken: insufficient balance',
        revert: { name: 'Error', args: ['PhotonToken: insufficient balance'] },
      });
    });

    it('error: a custom error is decoded through the ABI', async () => {
      const token = new Contract(chain.token, ABI, provider);
      const err = await rejection(token.getFunction('mint').staticCall(outsider, 1n, { from: outsider }));
      expect(isCallException(err)).toBe(true);
      expect(err).toMatchObject({ revert: { name: 'Unauthorized', args: [outsider] } });
    });
  });

  describe('viem PublicClient', () => {
    it('default: getBlock', async () => {
      const block = await viem.getBlock({ blockNumber: transfer(0).height });
      expect(block.number).toBe(transfer(0).height);
      expect(block.transactions).toContain(transfer(0).hash);
      const byHash = await viem.getBlock({ blockHash: block.hash });
      expect(byHash).toMatchObject({ hash: block.hash, number: block.number, timestamp: block.timestamp });
    });

    it('default: readContract', async () => {
      for (const [account, balance] of chain.balances) {
        expect(
          await viem.readContract({
            address: tokenAddress(),
            abi: ABI,
            functionName: 'balanceOf',
            args: [viemLib.getAddress(account)],
          }),
        ).toBe(balance);
      }
    });

    it('args: getLogs with an event ABI', async () => {
      const logs = await viem.getLogs({
        address: tokenAddress(),
        event: viemLib.parseAbiItem(
          'event Transfer(address indexed from, address indexed to, uint256 value)',
        ),
        args: { to: holder },
        fromBlock: firstBlock(),
        toBlock: lastBlock(),
      });
      const toHolder = chain.transfers.filter((t) => t.to === holder);
      expect(logs.map((l) => [l.transactionHash, l.args.from, l.args.to, l.args.value])).toEqual(
        toHolder.map((t) => [t.hash, t.from, t.to, t.amount]),
      );
    });

    it('error: simulateContract with a revert reason', async () => {
      const err = await rejection(
        viem.simulateContract({
          address: tokenAddress(),
          abi: ABI,
          functionName: 'transfer',
          args: [outsider, 10n ** 30n],
          account: holder,
        }),
      );
      expect(revertOf(err)?.reason).toBe('PhotonToken: insufficient balance');
    });

    it('error: simulateContract with a custom error', async () => {
      const err = await rejection(
        viem.simulateContract({
          address: tokenAddress(),
          abi: ABI,
          functionName: 'mint',
          args: [outsider, 1n],
          account: outsider,
        }),
      );
      expect(revertOf(err)?.data).toMatchObject({
        errorName: 'Unauthorized',
        args: [outsider],
      });
    });
  });

  describe('web3.js 4', () => {
    it('default: eth.getBlock', async () => {
      const block = await web3.eth.getBlock(transfer(3).height);
      expect(block.number).toBe(transfer(3).height);
      expect(block.transactions).toContain(transfer(3).hash);
    });

    it('args: eth.getPastLogs', async () => {
      const logs = await web3.eth.getPastLogs({
        address: chain.token,
        fromBlock: firstBlock(),
        toBlock: lastBlock(),
        topics: [TOKEN_INTERFACE.getEvent('Transfer')!.topicHash],
      });
      expect(logs.map((l) => (typeof l === 'string' ? l : l.transactionHash))).toEqual([
        chain.deploy.hash,
        ...chain.transfers.map((t) => t.hash),
      ]);
    });
  });

  it('behavior: the three clients see the same blocks, logs and balances', async () => {
    const height = transfer(1).height;
    const [e, v, w] = await Promise.all([
      provider.getBlock(height),
      viem.getBlock({ blockNumber: height }),
      web3.eth.getBlock(height),
    ]);
    const fromEthers = {
      hash: e!.hash,
      number: BigInt(e!.number),
      timestamp: BigInt(e!.timestamp),
      parentHash: e!.parentHash,
    };
    expect({ hash: v.hash, number: v.number, timestamp: v.timestamp, parentHash: v.parentHash }).toEqual(
      fromEthers,
    );
    expect({ hash: w.hash, number: w.number, timestamp: w.timestamp, parentHash: w.parentHash }).toEqual(
      fromEthers,
    );

    const range = { fromBlock: firstBlock(), toBlock: lastBlock() };
    const ethersLogs = (await provider.getLogs({ address: chain.token, ...range })).map(fromEthersLog);
    const viemLogs = (await viem.getLogs({ address: tokenAddress(), ...range })).map((l): PlainLog => ({
      blockHash: l.blockHash,
      blockNumber: l.blockNumber,
      transactionHash: l.transactionHash,
      logIndex: BigInt(l.logIndex),
      address: l.address.toLowerCase(),
      topics: [...l.topics],
      data: l.data,
    }));
    const web3Logs = (await web3.eth.getPastLogs({ address: chain.token, ...range })).map((l): PlainLog => {
      if (typeof l === 'string') throw new Error(`web3 returned a bare log id ${l}`);
      return {
        blockHash: String(l.blockHash),
        blockNumber: BigInt(l.blockNumber ?? -1),
        transactionHash: String(l.transactionHash),
        logIndex: BigInt(l.logIndex ?? -1),
        address: String(l.address).toLowerCase(),
        topics: (l.topics ?? []).map(String),
        data: String(l.data),
      };
    });
    expect(ethersLogs).toHaveLength(1 + chain.transfers.length);
    expect(viemLogs).toEqual(ethersLogs);
    expect(web3Logs).toEqual(ethersLogs);

    for (const index of [7, 8, 9]) {
      const account = devWallet(index).address;
      const balance = await provider.getBalance(account);
      expect(await viem.getBalance({ address: viemLib.getAddress(account) })).toBe(balance);
      expect(await web3.eth.getBalance(account)).toBe(balance);
    }
  });

  const target = () => ({ httpUrl: stack.httpUrl });
  describeEthersWrites(target);
  describeViemWrites(target);
  describeWeb3Writes(target);
  describeFeesAndBatches(target);
});
