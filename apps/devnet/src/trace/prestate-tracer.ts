// geth's prestateTracer (eth/tracers/native/prestate.go): the accounts and slots the transaction touched, as
// they were before it; with `diffMode`, `{pre, post}` of what it changed only. Touched: sender, recipient or
// created contract, coinbase, every call frame's accounts, the targets of BALANCE/EXTCODE*/SELFDESTRUCT and
// the slots of SLOAD/SSTORE.
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { type Address, bytesToHex } from '@ethereumjs/util';
import type { TracerOptions } from './trace-config';
import {
  type AccountReads,
  hexData,
  hexQuantity,
  type StateSnapshot,
  type TracedTx,
  type Tracer,
  type TxOutcome,
} from './tracer';

const SLOAD = 0x54;
const SSTORE = 0x55;
/** BALANCE, EXTCODESIZE, EXTCODECOPY, EXTCODEHASH, SELFDESTRUCT: the address is on top of the stack. */
const ADDRESS_OPS = new Set([0x31, 0x3b, 0x3c, 0x3f, 0xff]);
const ZERO_WORD = `0x${'00'.repeat(32)}`;

/** One account, keys in geth's account JSON order; zero nonce and empty code are left out. */
interface PrestateAccount {
  balance?: string;
  code?: string;
  nonce?: number;
  storage?: Record<string, string>;
}

const word = (value: bigint): string => `0x${value.toString(16).padStart(64, '0')}`;
const stackAddress = (value: bigint): string => `0x${value.toString(16).padStart(40, '0').slice(-40)}`;

export class PrestateTracer implements Tracer {
  readonly wantsSteps = true;
  readonly wantsState = true;
  /** Touched address → touched slots. */
  private readonly touchedAccounts = new Map<string, Set<string>>();
  private readonly created = new Set<string>();

  constructor(private readonly options: TracerOptions) {}

  private touch(address: string): Set<string> {
    let slots = this.touchedAccounts.get(address);
    if (slots === undefined) {
      slots = new Set();
      this.touchedAccounts.set(address, slots);
    }
    return slots;
  }

  private touchAddress(value: Address | undefined): void {
    if (value !== undefined) this.touch(bytesToHex(value.bytes));
  }

  begin(tx: TracedTx): void {
    this.touchAddress(tx.from);
    this.touchAddress(tx.to);
    this.touchAddress(tx.coinbase);
  }

  enter(message: Message): void {
    this.touchAddress(message.caller);
    this.touchAddress(message.to);
    if (message.to !== undefined) this.touchAddress(message.codeAddress);
  }

  exit(result: EVMResult): void {
    if (result.createdAddress === undefined) return;
    this.touchAddress(result.createdAddress);
    this.created.add(bytesToHex(result.createdAddress.bytes));
  }

  step(step: InterpreterStep): void {
    const code = step.opcode.code;
    const top = step.stack.at(-1);
    if (top === undefined) return;
    if (code === SLOAD || code === SSTORE) this.touch(bytesToHex(step.address.bytes)).add(word(top));
    else if (ADDRESS_OPS.has(code)) this.touch(stackAddress(top));
  }

  touched(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.touchedAccounts;
  }

  result(_outcome: TxOutcome, states?: { pre: StateSnapshot; post: StateSnapshot }): Promise<unknown> {
    if (states === undefined) throw new Error('prestateTracer needs the state around the transaction');
    const { pre, post } = states;
    return Promise.resolve(this.options.diffMode ? this.diff(pre, post) : this.prestate(pre));
  }

  private prestate(pre: StateSnapshot): Record<string, PrestateAccount> {
    const out: Record<string, PrestateAccount> = {};
    for (const [address, account] of pre) {
      // An account that did not exist before the transaction is left out (geth's `empty` accounts).
      if (!account.exists) continue;
      out[address] = view(account, false);
    }
    return out;
  }

  private diff(
    pre: StateSnapshot,
    post: StateSnapshot,
  ): { post: Record<string, PrestateAccount>; pre: Record<string, PrestateAccount> } {
    const outPre: Record<string, PrestateAccount> = {};
    const outPost: Record<string, PrestateAccount> = {};
    for (const [address, before] of pre) {
      const after = post.get(address);
      if (after === undefined) continue;
      const changed: PrestateAccount = {};
      let modified = false;
      if (after.balance !== before.balance) {
        modified = true;
        changed.balance = hexQuantity(after.balance);
      }
      if (after.nonce !== before.nonce) {
        modified = true;
        changed.nonce = Number(after.nonce);
      }
      if (Buffer.compare(after.code, before.code) !== 0) {
        modified = true;
        changed.code = hexData(after.code);
      }
      const preSlots: Record<string, string> = {};
      const postSlots: Record<string, string> = {};
      for (const [slot, value] of before.storage) {
        const newValue = after.storage.get(slot) ?? ZERO_WORD;
        if (newValue === value) continue;
        modified = true;
        if (value !== ZERO_WORD) preSlots[slot] = value;
        if (newValue !== ZERO_WORD) postSlots[slot] = newValue;
      }
      if (Object.keys(postSlots).length > 0) changed.storage = postSlots;
      if (!modified) continue;
      outPost[address] = changed;
      // A contract the transaction created had no state before it.
      if (this.created.has(address) && !before.exists) continue;
      const preView = view(before, true);
      if (Object.keys(preSlots).length > 0) preView.storage = preSlots;
      else delete preView.storage;
      outPre[address] = preView;
    }
    return { post: outPost, pre: outPre };
  }
}

/** An account as geth prints it: balance always, code and nonce when set, storage when any slot was read. */
function view(account: AccountReads, dropZeroSlots: boolean): PrestateAccount {
  const out: PrestateAccount = { balance: hexQuantity(account.balance) };
  if (account.code.length > 0) out.code = hexData(account.code);
  if (account.nonce > 0n) out.nonce = Number(account.nonce);
  const storage: Record<string, string> = {};
  for (const [slot, value] of account.storage) {
    if (dropZeroSlots && value === ZERO_WORD) continue;
    storage[slot] = value;
  }
  if (Object.keys(storage).length > 0) out.storage = storage;
  return out;
}
