import { logMatches } from './log-match';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const T1 = `0x${'11'.repeat(32)}`;
const T2 = `0x${'22'.repeat(32)}`;
const T3 = `0x${'33'.repeat(32)}`;

describe(logMatches.name, () => {
  const log = { address: A, topics: [T1, T2] };

  it('default: no criteria match every log', () => {
    expect(logMatches(log, {})).toBe(true);
  });

  it('behavior: addresses are an OR-list', () => {
    expect(logMatches(log, { addresses: new Set([B, A]) })).toBe(true);
    expect(logMatches(log, { addresses: new Set([B]) })).toBe(false);
  });

  it('behavior: topics match by position; null is any; a list is an OR; more positions than topics fail', () => {
    expect(logMatches(log, { topics: [new Set([T1])] })).toBe(true);
    expect(logMatches(log, { topics: [null, new Set([T3, T2])] })).toBe(true);
    expect(logMatches(log, { topics: [new Set([T2])] })).toBe(false);
    expect(logMatches(log, { topics: [null, null, new Set([T3])] })).toBe(false);
    expect(logMatches(log, { topics: [null, null, null] })).toBe(false);
  });
});
