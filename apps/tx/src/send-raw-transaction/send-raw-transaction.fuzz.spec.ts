// Property: whatever bytes a client sends as a raw transaction, the command either accepts them or refuses
// them with an InvalidInputError (-32000); nothing else (an ethers assert, a RangeError, a TypeError) escapes
// to become -32603. Inputs are signed txs of each type, mutated field by field in their RLP and byte by byte.
import { InvalidInputError } from '@photon/codec';
import {
  SigningKey,
  Wallet,
  concat,
  decodeRlp,
  encodeRlp,
  getBytes,
  hexlify,
  keccak256,
  toBeArray,
} from 'ethers';
import { SendRawTransactionCommand } from './send-raw-transaction.command';

const wallet = new Wallet('0x' + '22'.repeat(32));
const rules = { chainId: 9000n, allowUnprotectedTxs: false };

/** A small deterministic generator (mulberry32), so a failure names a seed that replays it. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

function randomBytes(next: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(next() * 256));
}

type RlpItem = string | RlpItem[];

/** A replacement for one RLP item: values at the edges of what each field's decoder takes. */
function mutantItem(next: () => number): RlpItem {
  const choices: (() => RlpItem)[] = [
    () => '0x',
    () => '0x00',
    () => '0x01',
    () => '0xff',
    () => `0x${'ff'.repeat(32)}`,
    () => `0x01${'00'.repeat(32)}`,
    () => `0x${'00'.repeat(20)}`,
    () => `0x${'ab'.repeat(21)}`,
    () => `0x${'ab'.repeat(19)}`,
    () => `0x00${'ab'.repeat(8)}`,
    () => `0x${Buffer.from(randomBytes(next, Math.floor(next() * 40))).toString('hex')}`,
    () => [],
    () => ['0x01'],
    () => [[`0x${'cd'.repeat(20)}`, [`0x${'00'.repeat(32)}`]]],
    () => [[`0x${'cd'.repeat(20)}`, ['0x01']]],
    () => [['0x', []]],
  ];
  return pick(next, choices)();
}

async function signedTxs(): Promise<string[]> {
  const to = '0x' + 'be'.repeat(20);
  const common = { nonce: 3, to, value: 5n, gasLimit: 60_000n, data: '0x1234', chainId: 9000n };
  return [
    await wallet.signTransaction({ ...common, type: 0, gasPrice: 10n ** 9n }),
    await wallet.signTransaction({ ...common, type: 1, gasPrice: 10n ** 9n, accessList: [] }),
    await wallet.signTransaction({
      ...common,
      type: 2,
      maxFeePerGas: 10n ** 9n,
      maxPriorityFeePerGas: 1n,
      accessList: [{ address: to, storageKeys: ['0x' + '00'.repeat(32)] }],
    }),
  ];
}

/** `raw` with one RLP field (or a list element of one) replaced. */
function mutateField(raw: string, next: () => number): Uint8Array {
  const bytes = getBytes(raw);
  const typed = (bytes[0] ?? 0) < 0x7f;
  const body = typed ? bytes.subarray(1) : bytes;
  const fields = decodeRlp(body) as RlpItem[];
  const index = Math.floor(next() * (fields.length + 1));
  const mutated = [...fields];
  if (index === fields.length) mutated.push(mutantItem(next));
  else mutated[index] = mutantItem(next);
  if (next() < 0.1) mutated.pop();
  const encoded = getBytes(encodeRlp(mutated));
  return typed ? getBytes(concat([Uint8Array.of(bytes[0] ?? 0), encoded])) : encoded;
}

/** `raw` with a few bytes flipped, cut or added. */
function mutateBytes(raw: string, next: () => number): Uint8Array {
  const bytes = Array.from(getBytes(raw));
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * bytes.length);
    const kind = next();
    if (kind < 0.5) bytes[at] = Math.floor(next() * 256);
    else if (kind < 0.75) bytes.splice(at, 1 + Math.floor(next() * 4));
    else bytes.splice(at, 0, ...randomBytes(next, 1 + Math.floor(next() * 4)));
  }
  return Uint8Array.from(bytes);
}

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * A type-2 tx signed whatever its fields, as a client that skips ethers' own checks would send it; `highS`
 * gives the other signature of the same digest (s → n − s), which only Homestead's rule refuses.
 */
function signType2(
  fields: { maxPriorityFeePerGas: bigint; maxFeePerGas: bigint },
  highS = false,
): Uint8Array {
  const unsigned = [
    toBeArray(9000n),
    '0x',
    toBeArray(fields.maxPriorityFeePerGas),
    toBeArray(fields.maxFeePerGas),
    toBeArray(21_000n),
    '0x' + 'be'.repeat(20),
    '0x01',
    '0x',
    [],
  ];
  const digest = keccak256(concat(['0x02', encodeRlp(unsigned)]));
  const sig = new SigningKey(wallet.privateKey).sign(digest);
  const parity = highS ? 1 - sig.yParity : sig.yParity;
  const s = highS ? hexlify(toBeArray(SECP256K1_N - BigInt(sig.s))) : sig.s;
  const signed = [...unsigned, parity === 0 ? '0x' : '0x01', sig.r, s];
  return getBytes(concat(['0x02', encodeRlp(signed)]));
}

function outcome(raw: Uint8Array): string {
  try {
    SendRawTransactionCommand.create(raw, rules);
    return 'accepted';
  } catch (error) {
    if (error instanceof InvalidInputError) return error.message;
    const name = error instanceof Error ? error.constructor.name : typeof error;
    return `ESCAPED ${name}: ${String(error)}`;
  }
}

describe(`${SendRawTransactionCommand.name} (fuzzed)`, () => {
  it('error: a type-2 tx whose tip exceeds its fee cap is geth’s -32000', () => {
    const raw = signType2({ maxPriorityFeePerGas: 5n * 10n ** 9n, maxFeePerGas: 10n ** 9n });
    expect(outcome(raw)).toBe('max priority fee per gas higher than max fee per gas');
    expect(outcome(signType2({ maxPriorityFeePerGas: 10n ** 9n, maxFeePerGas: 10n ** 9n }))).toBe('accepted');
  });

  it('error: a signature with s in the upper half is geth’s invalid sender', () => {
    const fees = { maxPriorityFeePerGas: 1n, maxFeePerGas: 10n ** 9n };
    expect(outcome(signType2(fees, true))).toBe('invalid sender: invalid transaction v, r, s values');
  });

  it('behavior: mutated RLP fields and bytes give a -32000 refusal or an acceptance, never anything else', async () => {
    const txs = await signedTxs();
    const escaped: string[] = [];
    const messages = new Set<string>();
    for (let seed = 1; seed <= 1_500; seed++) {
      const next = random(seed);
      const raw = pick(next, txs);
      const mutated = next() < 0.7 ? mutateField(raw, next) : mutateBytes(raw, next);
      const result = outcome(mutated);
      if (result.startsWith('ESCAPED')) escaped.push(`seed ${seed}: ${result}`);
      else messages.add(result.replace(/\d+/g, 'N'));
    }
    expect(escaped).toEqual([]);
    // The mutations reach well past the decoder: refusals of several kinds, not one message for all.
    expect(messages.size).toBeGreaterThan(8);
  });
});
