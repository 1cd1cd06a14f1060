import type { NatsConnection } from 'nats';
import { CoalescingPublisher } from './coalescing-publisher';

describe(CoalescingPublisher.name, () => {
  const recording = () => {
    const sent: string[] = [];
    const connection = { publish: (subject: string) => void sent.push(subject) } as unknown as NatsConnection;
    return { sent, publisher: new CoalescingPublisher(connection, () => undefined) };
  };

  it('default: what is published in one turn goes out together at its end, in order', async () => {
    const { sent, publisher } = recording();
    publisher.publish('a', undefined);
    publisher.publish('b', undefined);
    expect(sent).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['a', 'b']);
  });

  it('behavior: publishNow goes out at once, after what was queued, before what comes next', async () => {
    const { sent, publisher } = recording();
    publisher.publish('queued', undefined);
    publisher.publishNow('event', undefined);
    expect(sent).toEqual(['queued', 'event']);
    publisher.publish('later', undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['queued', 'event', 'later']);
  });
});
