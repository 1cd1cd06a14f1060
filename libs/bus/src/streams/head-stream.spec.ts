// The head stream against both transports: in-process (`photon start`) and JetStream on the machine's
// NATS (a private prefix per test, so a stream of its own).
import { waitFor } from '@photon/testing';
import type { HeadEvent, HeadStream } from './head-stream';
import { inProcess, overJetStream } from './testing/two-sides';
import { InProcessHeadStream } from './in-process-head-stream';
import { JetStreamHeadStream } from './jetstream-head-stream';

const head = (height: number): HeadEvent => ({
  height: String(height),
  header: { number: `0x${height.toString(16)}` },
  logs: [],
});

describe.each([
  ['InProcessHeadStream', inProcess<HeadStream>(() => new InProcessHeadStream())],
  [
    'JetStreamHeadStream',
    overJetStream<HeadStream>((connection, prefix) => new JetStreamHeadStream(connection, prefix)),
  ],
])('%s', (_name, makeSides) => {
  const sides = makeSides();
  afterAll(() => sides.close());

  it('default: followers get every height appended after they started, in order, once', async () => {
    const [writer, reader] = await sides.pair();
    await writer.append(head(1));
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await reader.follow((event) => first.push(event.height));
    const stopSecond = await writer.follow((event) => second.push(event.height));
    for (const height of [2, 3, 3, 4, 2, 5]) await writer.append(head(height));
    await waitFor(() => Promise.resolve(first.length >= 4 && second.length >= 4), { what: 'four heads' });
    expect(first).toEqual(['2', '3', '4', '5']);
    expect(second).toEqual(['2', '3', '4', '5']);
    stopFirst();
    await writer.append(head(6));
    await waitFor(() => Promise.resolve(second.length >= 5), { what: 'the sixth head' });
    expect(first).toEqual(['2', '3', '4', '5']);
    stopSecond();
  });

  it('behavior: two writers appending the same heights (a brief double leader) store each once', async () => {
    const [one, two] = await sides.pair();
    const seen: string[] = [];
    const stop = await one.follow((event) => seen.push(event.height));
    await Promise.all([1, 2, 3].flatMap((height) => [one.append(head(height)), two.append(head(height))]));
    await waitFor(() => Promise.resolve(seen.length >= 3), { what: 'three heads' });
    await one.append(head(4));
    await waitFor(() => Promise.resolve(seen.includes('4')), { what: 'the fourth head' });
    expect(seen).toEqual(['1', '2', '3', '4']);
    stop();
  });
});
