// Removes the JetStream streams a tier made under its prefix (the head stream, the pending feed: one
// stream per `<prefix>.<name>` subject), with their consumers. Streams are found by subject, not by name,
// so a prefix `a` never takes the streams of a prefix `a.b`.
import type { NatsConnection } from 'nats';

/** Deletes the streams of `prefix`; their names. A server without JetStream holds none. */
export async function removePrefixStreams(connection: NatsConnection, prefix: string): Promise<string[]> {
  let manager;
  try {
    manager = await connection.jetstreamManager();
  } catch {
    return [];
  }
  const own = (subject: string): boolean =>
    subject.startsWith(`${prefix}.`) && /^[A-Za-z0-9_-]+$/.test(subject.slice(prefix.length + 1));
  const removed: string[] = [];
  for await (const stream of manager.streams.list()) {
    const subjects = stream.config.subjects ?? [];
    if (subjects.length > 0 && subjects.every(own)) {
      await manager.streams.delete(stream.config.name);
      removed.push(stream.config.name);
    }
  }
  return removed;
}
