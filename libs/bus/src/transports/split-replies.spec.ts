import { type BusBatchReplyPart, type BusReply, decodeJson } from './bus-wire';
import { splitReplies } from './split-replies';

const TOO_LARGE = { code: -32005, message: 'response too large for the bus' };
const decode = (parts: Buffer[]) => parts.map((part) => decodeJson<BusBatchReplyPart>(part));

describe(splitReplies.name, () => {
  it('default: replies that fit go in one part, in order', () => {
    const replies: BusReply[] = [
      { result: '0x1' },
      { error: { code: -32602, message: 'bad' } },
      { result: null },
    ];
    expect(decode(splitReplies(replies, undefined, TOO_LARGE))).toEqual([{ from: 0, total: 3, replies }]);
  });

  it('behavior: replies are split into parts no larger than the bus allows, none lost', () => {
    const replies: BusReply[] = Array.from({ length: 40 }, (_, i) => ({
      result: `${i}:${'ab'.repeat(100)}`,
    }));
    const parts = splitReplies(replies, 2_000, TOO_LARGE);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2_000);
    const decoded = decode(parts);
    expect(decoded.flatMap((part) => part.replies)).toEqual(replies);
    expect(decoded.map((part) => part.from)).toEqual(
      decoded.map((_, i) => decoded.slice(0, i).reduce((sum, part) => sum + part.replies.length, 0)),
    );
    expect(new Set(decoded.map((part) => part.total))).toEqual(new Set([40]));
  });

  it('error: a reply too large to go alone becomes the too-large error; the others are kept', () => {
    const replies: BusReply[] = [{ result: 'x'.repeat(5_000) }, { result: '0x2' }];
    const decoded = decode(splitReplies(replies, 2_000, TOO_LARGE));
    expect(decoded.flatMap((part) => part.replies)).toEqual([{ error: TOO_LARGE }, { result: '0x2' }]);
  });

  it('behavior: no replies is one empty part, so the caller is still answered', () => {
    expect(decode(splitReplies([], undefined, TOO_LARGE))).toEqual([{ from: 0, total: 0, replies: [] }]);
  });
});
