// The EVM application core of the devnet: CheckTx into a mempool, blocks executed with
// @ethereumjs/vm at Cancun, every committed height kept queryable (Ethermint's x/evm queries).
import { createBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { EVMMockBlockchainInterface } from '@ethereumjs/evm';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import {
  type Address,
  bytesToHex,
  createAccount,
  createAddressFromString,
  createZeroAddress,
  generateAddress,
  hexToBytes,
  KECCAK256_NULL_S,
  setLengthLeft,
  bigIntToUnpaddedBytes,
} from '@ethereumjs/util';
import { createVM, runTx, type RunTxResult, type VM } from '@ethereumjs/vm';
import { logsBloom, nextBaseFee, orBlooms } from '@photon/ethermint-wire';
import { runAnte, effectiveGasPrice, recheckPending, type CheckTxMode, type SenderAccount } from './ante';
import {
  createQueryMachine,
  Deadline,
  DEFAULT_EVM_TIMEOUT_MS,
  DEFAULT_GAS_CAP,
  estimateGas,
  ethCall,
  type QueryBlockContext,
  type QueryEnv,
  type QueryLimits,
  type QueryMachine,
} from './call';
import { createPhotonCommon, ethermintChainConfig } from './common';
import { BlockHeightError } from './errors';
import { defaultFeeMarketParams } from './fee-market';
import { devGenesis, EVM_DENOM, type EvmGenesis, PHOTON_EIP155_CHAIN_ID } from './genesis';
import { DEFAULT_MEMPOOL_SIZE, Mempool, type NewPendingTx, type PendingTx } from './mempool';
import type { StateWrites } from './recording-db';
import { QueryMachines } from './query-machines';
import type { QueryStateManager } from './query-state';
import { StateHistory } from './state-history';
import { type AccountProof, proveAccount, proveSlot, type SlotProof } from './state-proof';
import { withStateOverride } from './state-overrides';
import type {
  AccountInfo,
  BlockRecord,
  BlockTag,
  CallArgs,
  CallOptions,
  CallResult,
  CheckTxFailure,
  CheckTxResult,
  CheckTxSuccess,
  DroppedTx,
  EstimateGasResult,
  EvmParams,
  ExecutedBlock,
  ExecutedTx,
  FeeMarketParams,
  Hex,
  TxLog,
} from './types';
import { ethereumjsErrorText, gethExecError } from './vm-errors';

export interface EvmChainOptions {
  /** EIP-155 chain id; default 9000 (photon_9000-1). */
  chainId?: bigint;
  /** Default: the ten dev accounts with 1,000,000 photon each, timestamped now. */
  genesis?: EvmGenesis;
  /** Consensus `block.max_gas`; default 30,000,000. */
  blockGasLimit?: bigint;
  /** Feemarket `base_fee` at genesis; default 1 gwei (block 1 then applies the formula to an empty genesis). */
  initialBaseFee?: bigint;
  /** Accept pre-EIP-155 txs (`--allow-unprotected-txs`); default false. */
  allowUnprotectedTxs?: boolean;
  /** Feemarket `min_gas_price` in aphoton; default 0. */
  minGasPrice?: bigint;
  /** Most txs the mempool holds; default 5000 like CometBFT. */
  mempoolSize?: number;
}

export interface ProduceBlockArgs {
  height: number;
  /** Unix seconds. */
  timestamp: number;
  /** 20-byte address; receives the priority fees (the EVM's COINBASE). */
  proposer: Hex | Uint8Array;
  /** The CometBFT block hash, when known at execution (FinalizeBlock has it); BLOCKHASH serves it. */
  hash?: Uint8Array;
}

/** A committed block as a data dir gives it back: its outcome, CometBFT hash and new trie nodes. */
export interface RestoredEvmBlock {
  readonly executed: ExecutedBlock;
  readonly hash: Uint8Array;
  readonly stateWrites: StateWrites;
}

export interface CheckTxOptions {
  /** `MsgEthereumTx.from` when the wire carried one: it must match the signature. */
  from?: Hex;
  /** Default `admit`; `check` answers as CometBFT's check_tx does and leaves the mempool as it was. */
  mode?: CheckTxMode;
}

/** One `MsgEthereumTx` of a Cosmos tx: the signed EIP-2718 bytes and the `from` the wire carried. */
export interface CheckTxMessage {
  raw: Uint8Array;
  from?: Hex | undefined;
}

/** See EvmChain.traceBase. */
export interface TraceBase {
  readonly common: Common;
  readonly state: QueryStateManager;
  readonly blockchain: EVMMockBlockchainInterface;
  readonly blockGasLimit: bigint;
}

function toAddress(value: Hex | Uint8Array): Address {
  return createAddressFromString(typeof value === 'string' ? value : bytesToHex(value));
}

/** A query's gas cap, and its deadline from now: the wait for a query VM counts. */
function queryLimits(options: CallOptions): QueryLimits {
  return {
    gasCap: options.gasCap ?? DEFAULT_GAS_CAP,
    deadline: new Deadline(options.timeoutMs ?? DEFAULT_EVM_TIMEOUT_MS),
  };
}

function receiptStatus(run: RunTxResult): 0 | 1 {
  return 'status' in run.receipt ? run.receipt.status : 1;
}

export class EvmChain {
  private readonly feeMarket: FeeMarketParams;
  private pendingBaseFeeValue: bigint;
  /** CheckTx and block production take turns; queries read committed roots and run alongside. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Each committed height's block context, made once (the record of a height is one object). */
  private readonly queryBlockContexts = new WeakMap<BlockRecord, QueryBlockContext>();
  /** eth_call / estimateGas VMs, kept by state root between calls. */
  private readonly queryMachines = new QueryMachines((record) =>
    createQueryMachine(this.common, this.history.queryStateAt(record), this.history.blockchain()),
  );

  private constructor(
    readonly chainId: bigint,
    readonly blockGasLimit: bigint,
    readonly allowUnprotectedTxs: boolean,
    readonly minGasPrice: bigint,
    private readonly common: Common,
    private readonly history: StateHistory,
    private readonly state: MerkleStateManager,
    private readonly vm: VM,
    private readonly mempool: Mempool,
    initialBaseFee: bigint,
  ) {
    this.feeMarket = defaultFeeMarketParams(initialBaseFee, minGasPrice);
    const genesis = history.record(0);
    this.pendingBaseFeeValue = nextBaseFee(this.feeMarket, { ...genesis, gasLimit: blockGasLimit });
  }

  /** Builds the genesis state (height 0) and the chain around it. */
  static async create(options: EvmChainOptions = {}): Promise<EvmChain> {
    const chainId = options.chainId ?? PHOTON_EIP155_CHAIN_ID;
    const genesis = options.genesis ?? devGenesis();
    const blockGasLimit = options.blockGasLimit ?? 30_000_000n;
    const initialBaseFee = options.initialBaseFee ?? 1_000_000_000n;
    const common = createPhotonCommon(chainId);
    const history = new StateHistory(common);
    const state = history.createState();
    for (const account of genesis.accounts) {
      const address = createAddressFromString(account.address);
      await state.putAccount(
        address,
        createAccount({ nonce: account.nonce ?? 0n, balance: account.balance }),
      );
      if (account.code !== undefined) await state.putCode(address, account.code);
      for (const [slot, value] of Object.entries(account.storage ?? {})) {
        await state.putStorage(address, setLengthLeft(hexToBytes(slot as Hex), 32), hexToBytes(value));
      }
    }
    history.commit({
      height: 0,
      timestamp: genesis.timestamp,
      proposer: createZeroAddress().toString(),
      stateRoot: await state.getStateRoot(),
      baseFee: initialBaseFee,
      gasUsed: 0n,
      gasWanted: 0n,
    });
    const vm = await createVM({ common, stateManager: state, blockchain: history.blockchain() });
    return new EvmChain(
      chainId,
      blockGasLimit,
      options.allowUnprotectedTxs ?? false,
      options.minGasPrice ?? 0n,
      common,
      history,
      state,
      vm,
      new Mempool(options.mempoolSize ?? DEFAULT_MEMPOOL_SIZE),
      initialBaseFee,
    );
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  get latestHeight(): number {
    return this.history.latestHeight;
  }

  /** The base fee the next block will use (what CheckTx compares fee caps with). */
  get pendingBaseFee(): bigint {
    return this.pendingBaseFeeValue;
  }

  /** What is remembered of a committed height (state root = that block's app hash). */
  block(tag: BlockTag = 'latest'): BlockRecord {
    return { ...this.history.record(tag) };
  }

  /** Records the CometBFT hash of a committed block, when it was not known at produceBlock. */
  setBlockHash(height: number, hash: Uint8Array): void {
    this.history.setHash(height, hash);
  }

  /** The trie nodes (and code) the blocks committed since the last call wrote: what a data dir keeps. */
  takeStateWrites(): StateWrites {
    return this.history.takeWrites();
  }

  /**
   * Brings a chain fresh from genesis to its last persisted block: each block's record and trie nodes
   * are put back as they were committed, nothing is re-executed. The mempool starts empty, as
   * CometBFT's does after a restart.
   */
  restore(blocks: readonly RestoredEvmBlock[]): Promise<void> {
    return this.exclusive(async () => {
      if (this.history.latestHeight !== 0) throw new Error('restore needs a chain with genesis only');
      for (const { executed, hash, stateWrites } of blocks) {
        const { height, timestamp, proposer, stateRoot, baseFee, gasUsed, gasWanted } = executed;
        const record = { height, timestamp, proposer, stateRoot, baseFee, gasUsed, gasWanted, hash };
        await this.history.restore(record, stateWrites);
      }
      const last = blocks.at(-1)?.executed;
      if (last === undefined) return;
      await this.state.setStateRoot(last.stateRoot);
      this.pendingBaseFeeValue = last.nextBaseFee;
    });
  }

  // ---- CheckTx and the mempool ----

  /** Ethermint's CheckTx for a signed EIP-2718 tx; admitted txs wait in the mempool. */
  async checkTx(raw: Uint8Array, options: CheckTxOptions = {}): Promise<CheckTxResult> {
    const result = await this.checkMessages([{ raw, from: options.from }], options.mode ?? 'admit');
    return Array.isArray(result) ? result[0]! : result;
  }

  /**
   * CheckTx of the Ethereum messages of one Cosmos tx, all or nothing as Ethermint's ante handler runs
   * them: each is checked with the earlier ones counted as pending, and the first refusal answers for
   * the tx. `admit` then adds them all to the mempool; `check` leaves it as it was.
   */
  checkMessages(
    messages: readonly CheckTxMessage[],
    mode: CheckTxMode,
  ): Promise<CheckTxSuccess[] | CheckTxFailure> {
    return this.exclusive(async () => {
      const ctx = {
        common: this.common,
        chainId: this.chainId,
        allowUnprotectedTxs: this.allowUnprotectedTxs,
        minGasPrice: this.minGasPrice,
        baseFee: this.pendingBaseFeeValue,
        blockGasLimit: this.blockGasLimit,
      };
      // runAnte does not change the pool it reads, so a single message needs no scratch copy.
      const scratch = messages.length > 1 ? this.mempool.clone() : this.mempool;
      const accepted: NewPendingTx[] = [];
      for (const message of messages) {
        const result = await runAnte(message.raw, ctx, scratch, (address) => this.senderAccount(address), {
          mode,
          from: message.from,
        });
        if (!result.ok) return result;
        accepted.push(result.pending);
        if (scratch !== this.mempool) scratch.add(result.pending);
      }
      const cosmosTx = this.mempool.newCosmosTx();
      return accepted.map((pending): CheckTxSuccess => {
        const success = {
          ok: true as const,
          hash: pending.hash,
          sender: pending.sender,
          nonce: pending.nonce,
          type: pending.type,
          gasWanted: pending.gasLimit,
        };
        if (mode === 'check') return success;
        const { replaced } = this.mempool.add(pending, cosmosTx);
        return replaced === undefined ? success : { ...success, replaced: replaced.hash };
      });
    });
  }

  /** Pending txs in arrival order (CometBFT's mempool, which unconfirmed_txs lists). */
  pendingTxs(): PendingTx[] {
    return this.mempool.ordered();
  }

  /** The sender's next nonce counting pending txs (`eth_getTransactionCount(…, 'pending')`). */
  pendingNonce(address: Hex): Promise<bigint> {
    // Taken in turn with block production, so the mempool and the latest state agree.
    return this.exclusive(async () => {
      const { nonce } = await this.senderAccount(address);
      return this.mempool.pendingNonce(address.toLowerCase() as Hex, nonce);
    });
  }

  /** The latest committed state, as the mempool sees it (only read inside `exclusive`). */
  private async senderAccount(address: Hex): Promise<SenderAccount> {
    const account = await this.state.getAccount(createAddressFromString(address));
    return {
      nonce: account?.nonce ?? 0n,
      balance: account?.balance ?? 0n,
      codeHash: account === undefined ? KECCAK256_NULL_S : bytesToHex(account.codeHash),
    };
  }

  // ---- Blocks ----

  /**
   * Executes the mempool's txs that fit the block gas limit in the priority mempool's order (highest effective
   * tip first, each sender's by nonce; stopping at the first tx that does not fit), commits, and rechecks what
   * is left.
   */
  produceBlock(args: ProduceBlockArgs): Promise<ExecutedBlock> {
    return this.exclusive(async () => {
      const expected = this.history.latestHeight + 1;
      if (args.height !== expected) throw new BlockHeightError(args.height, expected);
      const baseFee = this.pendingBaseFeeValue;
      const coinbase = toAddress(args.proposer);
      const block = createBlock(
        {
          header: {
            number: BigInt(args.height),
            timestamp: BigInt(args.timestamp),
            coinbase,
            gasLimit: this.blockGasLimit,
            baseFeePerGas: baseFee,
          },
        },
        { common: this.common },
      );

      const txs: ExecutedTx[] = [];
      const dropped: DroppedTx[] = [];
      let gasUsed = 0n;
      let gasWanted = 0n;
      let logIndex = 0;
      const blockedSenders = new Set<Hex>();
      // The mempool changes only once the block is committed: a failure leaves it as it was.
      const done: Hex[] = [];
      const drop = (pending: PendingTx, reason: string): void => {
        done.push(pending.hash);
        dropped.push({ hash: pending.hash, sender: pending.sender, nonce: pending.nonce, reason });
        // The sender's later nonces cannot run in this block any more.
        blockedSenders.add(pending.sender);
      };

      await this.state.checkpoint();
      try {
        for (const pending of this.mempool.byPriority()) {
          if (blockedSenders.has(pending.sender)) continue;
          if (gasWanted + pending.gasLimit > this.blockGasLimit) break;
          const account = await this.senderAccount(pending.sender);
          const refusal = recheckPending(pending, account, account.nonce, 0n, baseFee, this.minGasPrice);
          if (refusal !== undefined) {
            drop(pending, refusal);
            continue;
          }
          let run: RunTxResult;
          try {
            run = await runTx(this.vm, { tx: pending.tx, block, blockGasUsed: gasUsed });
          } catch (error) {
            drop(pending, ethereumjsErrorText(error));
            continue;
          }
          done.push(pending.hash);
          gasUsed += run.totalGasSpent;
          gasWanted += pending.gasLimit;
          const executed = this.executedTx(pending, run, txs.length, args.height, gasUsed, baseFee, logIndex);
          logIndex += executed.logs.length;
          txs.push(executed);
        }
        await this.state.commit();
      } catch (error) {
        await this.state.revert();
        throw error;
      }

      for (const hash of done) this.mempool.remove(hash);
      const stateRoot = await this.state.getStateRoot();
      const record: BlockRecord = {
        height: args.height,
        timestamp: args.timestamp,
        proposer: coinbase.toString(),
        stateRoot,
        baseFee,
        gasUsed,
        gasWanted,
        ...(args.hash === undefined ? {} : { hash: args.hash }),
      };
      this.history.commit(record);
      this.pendingBaseFeeValue = nextBaseFee(this.feeMarket, {
        baseFee,
        gasUsed,
        gasWanted,
        gasLimit: this.blockGasLimit,
      });
      dropped.push(...(await this.recheckMempool()));

      return {
        height: args.height,
        timestamp: args.timestamp,
        proposer: record.proposer,
        stateRoot,
        baseFee,
        nextBaseFee: this.pendingBaseFeeValue,
        gasLimit: this.blockGasLimit,
        gasUsed,
        gasWanted,
        logsBloom: orBlooms(txs.map((tx) => tx.logsBloom)),
        txs,
        dropped,
      };
    });
  }

  private executedTx(
    pending: PendingTx,
    run: RunTxResult,
    index: number,
    height: number,
    cumulativeGasUsed: bigint,
    baseFee: bigint,
    firstLogIndex: number,
  ): ExecutedTx {
    const exec = run.execResult;
    const to = pending.tx.to === undefined ? null : pending.tx.to.toString();
    const contractAddress =
      to === null
        ? bytesToHex(generateAddress(hexToBytes(pending.sender), bigIntToUnpaddedBytes(pending.nonce)))
        : null;
    const logs: TxLog[] = (exec.logs ?? []).map(([address, topics, data], i) => ({
      address: bytesToHex(address),
      topics: topics.map((topic) => bytesToHex(topic)),
      data,
      logIndex: firstLogIndex + i,
      txIndex: index,
      txHash: pending.hash,
      height,
    }));
    return {
      index,
      hash: pending.hash,
      raw: pending.raw,
      type: pending.type,
      sender: pending.sender,
      nonce: pending.nonce,
      to,
      contractAddress,
      recipient: to ?? (contractAddress as Hex),
      value: pending.value,
      status: receiptStatus(run),
      gasLimit: pending.gasLimit,
      gasUsed: run.totalGasSpent,
      cumulativeGasUsed,
      effectiveGasPrice: effectiveGasPrice(pending, baseFee),
      logs,
      logsBloom: logsBloom(logs),
      ret: exec.returnValue,
      vmError: gethExecError(exec),
    };
  }

  /** ReCheckTx after a commit: drops what can no longer run (gaps, funds, fee cap under the new base fee). */
  private async recheckMempool(): Promise<DroppedTx[]> {
    const dropped: DroppedTx[] = [];
    const senders = new Set(this.mempool.ordered().map((pending) => pending.sender));
    for (const sender of senders) {
      const account = await this.senderAccount(sender);
      let expectedNonce = account.nonce;
      let reserved = 0n;
      for (const pending of this.mempool.forSender(sender)) {
        // After a drop the expected nonce stays behind, so every later tx fails the nonce check.
        const refusal = recheckPending(
          pending,
          account,
          expectedNonce,
          reserved,
          this.pendingBaseFeeValue,
          this.minGasPrice,
        );
        if (refusal !== undefined) {
          this.mempool.remove(pending.hash);
          dropped.push({ hash: pending.hash, sender, nonce: pending.nonce, reason: refusal });
          continue;
        }
        expectedNonce += 1n;
        reserved += pending.cost;
      }
    }
    return dropped;
  }

  // ---- Queries (Ethermint x/evm Query service) ----

  async account(address: Hex, height: BlockTag = 'latest'): Promise<AccountInfo> {
    const { stateRoot, state } = this.history.readsAt(height);
    const account = await state.account(stateRoot, createAddressFromString(address));
    return {
      balance: account?.balance ?? 0n,
      nonce: account?.nonce ?? 0n,
      codeHash: account === undefined ? KECCAK256_NULL_S : bytesToHex(account.codeHash),
    };
  }

  async balance(address: Hex, height: BlockTag = 'latest'): Promise<bigint> {
    return (await this.account(address, height)).balance;
  }

  /** The 32-byte value at `slot` (left-padded like geth's HexToHash). */
  async storage(address: Hex, slot: Hex, height: BlockTag = 'latest'): Promise<Hex> {
    const { stateRoot, state } = this.history.readsAt(height);
    const key = setLengthLeft(hexToBytes(slot), 32);
    const value = await state.storage(stateRoot, createAddressFromString(address), key);
    return bytesToHex(setLengthLeft(value, 32));
  }

  async code(address: Hex, height: BlockTag = 'latest'): Promise<Uint8Array> {
    const { stateRoot, state } = this.history.readsAt(height);
    return state.code(stateRoot, createAddressFromString(address));
  }

  /** Merkle-Patricia proof of the account in the state after `height` (rooted in the next header's app_hash). */
  async proveAccount(address: Hex, height: BlockTag = 'latest'): Promise<AccountProof> {
    return proveAccount(this.history.stateAt(height).state, address);
  }

  /** Merkle-Patricia proof of a 32-byte slot from the account's storage root, in the state after `height`. */
  async proveSlot(address: Hex, slot: Uint8Array, height: BlockTag = 'latest'): Promise<SlotProof> {
    return proveSlot(this.history.stateAt(height).state, address, slot);
  }

  /** Ethermint x/evm Params. */
  params(): EvmParams {
    return {
      evmDenom: EVM_DENOM,
      enableCreate: true,
      enableCall: true,
      extraEips: [],
      allowUnprotectedTxs: this.allowUnprotectedTxs,
      headerHashNum: 256,
      chainConfig: ethermintChainConfig(),
    };
  }

  /** Ethermint x/feemarket Params as stored at `height`. */
  feeMarketParams(height: BlockTag = 'latest'): FeeMarketParams {
    return { ...this.feeMarket, baseFee: this.history.record(height).baseFee };
  }

  /** The base fee the block at `height` used (Ethermint's BaseFee query). */
  baseFee(height: BlockTag = 'latest'): bigint {
    return this.history.record(height).baseFee;
  }

  async ethCall(args: CallArgs, options: CallOptions = {}): Promise<CallResult> {
    const limits = queryLimits(options);
    // A height not committed yet is a rejection, as every query's error is.
    const record = await Promise.resolve().then(() => this.history.record(options.height ?? 'latest'));
    return this.queryMachines.use(record, (machine) =>
      withStateOverride(machine, options.stateOverride, () =>
        ethCall(this.queryEnv(record, machine), args, limits),
      ),
    );
  }

  async estimateGas(args: CallArgs, options: CallOptions = {}): Promise<EstimateGasResult> {
    const limits = queryLimits(options);
    // A height not committed yet is a rejection, as every query's error is.
    const record = await Promise.resolve().then(() => this.history.record(options.height ?? 'latest'));
    return this.queryMachines.use(record, (machine) =>
      withStateOverride(machine, options.stateOverride, () =>
        estimateGas(this.queryEnv(record, machine), args, limits),
      ),
    );
  }

  /** What a trace re-executes on: a private state after `height`, the chain's rules, BLOCKHASH's view. */
  traceBase(height: number): TraceBase {
    const record = this.history.record(height);
    return {
      common: this.common,
      state: this.history.queryStateAt(record),
      blockchain: this.history.blockchain(),
      blockGasLimit: this.blockGasLimit,
    };
  }

  /** A query runs in the block context of the height it reads (Ethermint's ctx at that height). */
  private queryEnv(record: BlockRecord, machine: QueryMachine): QueryEnv {
    let block = this.queryBlockContexts.get(record);
    if (block === undefined) {
      block = {
        number: BigInt(record.height),
        timestamp: BigInt(record.timestamp),
        coinbase: createAddressFromString(record.proposer),
        baseFee: record.baseFee,
        gasLimit: this.blockGasLimit,
      };
      this.queryBlockContexts.set(record, block);
    }
    return { common: this.common, machine, block };
  }
}
