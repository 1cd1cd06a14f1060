// The pending feed against both transports: in-process and JetStream on the machine's NATS (a private
// prefix per test; its stream is removed afterwards).
import { waitFor } from '@photon/testing';
import { InProcessPendingFeed } from './in-process-pending-feed';
import { JetStreamPendingFeed } from './jetstream-pending-feed';
import type { PendingFeed } from './pending-feed';
import { inProcess, overJetStream } from './testing/two-sides';

const hashOf = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;

describe.each([
  ['InProcessPendingFeed', inProcess<PendingFeed>(() => new InProcessPendingFeed())],
  [
    'JetStreamPendingFeed',
    overJetStream<PendingFeed>((connection, prefix) => new JetStreamPendingFeed(connection, prefix)),
  ],
])('%s', (_name, makeSides) => {
  const sides = makeSides();
  afterAll(() => sides.close());

  it('default: a reader reads after its position, page by page; a repeated hash is appended once', async () => {
    const [writer, reader] = await sides.pair();
    await writer.append(hashOf(1));
    const start = await reader.position();
    for (const n of [2, 3, 3, 4, 2, 5]) await writer.append(hashOf(n));
    const first = await reader.readAfter(start, 3);
    expect(first.hashes).toEqual([hashOf(2), hashOf(3), hashOf(4)]);
    const second = await reader.readAfter(first.position, 3);
    expect(second.hashes).toEqual([hashOf(5)]);
    expect(await reader.readAfter(second.position, 3)).toEqual({ hashes: [], position: second.position });
    expect(await reader.position()).toBe(second.position);
  });

  it('default: a follower gets each hash appended after it started, in order', async () => {
    const [writer, reader] = await sides.pair();
    await writer.append(hashOf(10));
    const seen: string[] = [];
    const stop = await reader.follow((hash) => seen.push(hash));
    for (const n of [11, 12, 11, 13]) await writer.append(hashOf(n));
    await waitFor(() => Promise.resolve(seen.length >= 3), { what: 'three pending hashes' });
    expect(seen).toEqual([hashOf(11), hashOf(12), hashOf(13)]);
    stop();
  });
});
