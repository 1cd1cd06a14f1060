import type { EthLogRecord } from '@photon/types';
import { Bloom } from '@ethereumjs/vm';
import { getBytes } from 'ethers';
import { bloomMatcher, logMatches } from './log-criteria';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const T1 = `0x${'11'.repeat(32)}` as const;
const T2 = `0x${'22'.repeat(32)}` as const;
const T3 = `0x${'33'.repeat(32)}` as const;

const log = (address: string, topics: `0x${string}`[]): EthLogRecord => ({
  address: address as `0x${string}`,
  topics,
  data: '0x',
  blockHash: `0x${'00'.repeat(32)}`,
  blockNumber: 1n,
  blockTimestamp: 0n,
  transactionHash: `0x${'00'.repeat(32)}`,
  transactionIndex: 0,
  logIndex: 0,
  removed: false,
});

function bloomOf(entries: string[]): Uint8Array {
  const bloom = new Bloom();
  for (const entry of entries) bloom.add(getBytes(entry));
  return bloom.bitvector;
}

describe('logMatches', () => {
  it('default: no criteria matches every log', () => {
    expect(logMatches(log(A, [T1]), {})).toBe(true);
  });

  it('args: address list matches any of them', () => {
    expect(logMatches(log(A, []), { addresses: [B, A] })).toBe(true);
    expect(logMatches(log(A, []), { addresses: [B] })).toBe(false);
  });

  it('args: positional topics with alternatives and null wildcards', () => {
    const entry = log(A, [T1, T2]);
    expect(logMatches(entry, { topics: [null, [T2]] })).toBe(true);
    expect(logMatches(entry, { topics: [[T3, T1], null] })).toBe(true);
    expect(logMatches(entry, { topics: [[T2]] })).toBe(false);
    expect(logMatches(entry, { topics: [[], [T2]] })).toBe(true);
  });

  it('behavior: more positions than the log has topics never match', () => {
    expect(logMatches(log(A, [T1]), { topics: [null, null] })).toBe(false);
  });
});

describe(bloomMatcher.name, () => {
  it('default: a bloom holding the address and topics may match', () => {
    const bloom = bloomOf([A, T1, T2]);
    expect(bloomMatcher({ addresses: [A], topics: [[T1], null, [T3, T2]] })!(bloom)).toBe(true);
  });

  it('behavior: a missing address or a topic position with no alternative present rules the block out', () => {
    const bloom = bloomOf([A, T1]);
    expect(bloomMatcher({ addresses: [B] })!(bloom)).toBe(false);
    expect(bloomMatcher({ topics: [[T2, T3]] })!(bloom)).toBe(false);
  });

  it('behavior: a filter naming no address or topic has no bloom test (every block may match)', () => {
    expect(bloomMatcher({})).toBeUndefined();
    expect(bloomMatcher({ addresses: [], topics: [null, []] })).toBeUndefined();
  });
});
