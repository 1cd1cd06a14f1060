// Pruning a prefix on the machine's real NATS: the streams the tier makes under it go (found by their
// subjects), another prefix's stay, even one that starts with the same text.
import { randomBusPrefix, testNatsUrl } from '@photon/testing';
import { type NatsConnection, connect } from 'nats';
import { JetStreamHeadStream } from './jetstream-head-stream';
import { JetStreamPendingFeed } from './jetstream-pending-feed';
import { removePrefixStreams } from './remove-prefix-streams';

describe(removePrefixStreams.name, () => {
  let connection: NatsConnection;
  beforeAll(async () => (connection = await connect({ servers: testNatsUrl() })));
  afterAll(() => connection.close());

  const names = async (): Promise<string[]> => {
    const all: string[] = [];
    for await (const stream of (await connection.jetstreamManager()).streams.list())
      all.push(stream.config.name);
    return all;
  };

  it('default: the head stream and the pending feed of the prefix go; a nested prefix keeps its own', async () => {
    const prefix = randomBusPrefix();
    const nested = `${prefix}.inner`;
    await new JetStreamHeadStream(connection, prefix).append({ height: '1', header: {}, logs: [] });
    await new JetStreamPendingFeed(connection, prefix).append(`0x${'11'.repeat(32)}`);
    await new JetStreamHeadStream(connection, nested).append({ height: '1', header: {}, logs: [] });
    try {
      expect((await removePrefixStreams(connection, prefix)).sort()).toEqual([
        `${prefix}_heads`,
        `${prefix}_pending`,
      ]);
      const left = await names();
      expect(left).not.toContain(`${prefix}_heads`);
      expect(left).toContain(`${prefix}_inner_heads`);
      expect(await removePrefixStreams(connection, prefix)).toEqual([]);
    } finally {
      await removePrefixStreams(connection, nested);
    }
  });
});
