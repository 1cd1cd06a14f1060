// Test harness of the stream contracts: each spec runs against the in-process transport (`photon start`:
// one process, so writer and reader are the same object) and JetStream on the machine's NATS (two
// connections under one fresh prefix standing for two processes; the prefix's streams are removed after).
import { randomBusPrefix, removeJetStreamOf, testNatsUrl } from '@photon/testing';
import { type NatsConnection, connect } from 'nats';

interface Closable {
  close(): Promise<void>;
}

export interface TwoSides<T> {
  /** A writer and a reader of one tier. */
  pair(): Promise<[T, T]>;
  close(): Promise<void>;
}

export type MakeTwoSides<T> = () => TwoSides<T>;

export function inProcess<T extends Closable>(make: () => T): MakeTwoSides<T> {
  return () => ({
    pair: () => {
      const side = make();
      return Promise.resolve([side, side]);
    },
    close: () => Promise.resolve(),
  });
}

export function overJetStream<T extends Closable>(
  make: (connection: NatsConnection, prefix: string) => T,
): MakeTwoSides<T> {
  return () => {
    const connections: NatsConnection[] = [];
    const sides: T[] = [];
    const prefixes: string[] = [];
    return {
      pair: async () => {
        const prefix = randomBusPrefix();
        prefixes.push(prefix);
        const side = async () => {
          const connection = await connect({ servers: testNatsUrl() });
          connections.push(connection);
          const made = make(connection, prefix);
          sides.push(made);
          return made;
        };
        return [await side(), await side()];
      },
      close: async () => {
        await Promise.all(sides.map((side) => side.close()));
        for (const prefix of prefixes) await removeJetStreamOf(testNatsUrl(), prefix);
        await Promise.all(connections.map((connection) => connection.drain()));
      },
    };
  };
}
