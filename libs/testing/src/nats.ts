// Where tests find the machine's NATS server, and a per-stack subject namespace so concurrent
// test and bench stacks never share queue groups.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { connect as connectNats } from 'nats';

const DEFAULT_TEST_NATS_URL = 'nats://127.0.0.1:4222';

/** PHOTON_TEST_NATS_URL when set, else the local server on the default port. */
export function testNatsUrl(): string {
  const fromEnv = process.env['PHOTON_TEST_NATS_URL'];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_TEST_NATS_URL;
}

/** A fresh `--bus-prefix` value: a NATS-subject-safe token, unique per call. */
export function randomBusPrefix(): string {
  return `t${randomBytes(6).toString('hex')}`;
}

/**
 * Rejects with a readable message when nothing accepts TCP at the (first) server of `natsUrl`,
 * so a missing NATS shows up as that rather than as a readiness timeout.
 */
export async function assertNatsReachable(natsUrl: string, timeoutMs = 1_000): Promise<void> {
  const first = natsUrl.split(',')[0]?.trim() ?? natsUrl;
  const url = new URL(first.includes('://') ? first : `nats://${first}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port === '' ? 4222 : Number(url.port);
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (why: string): void => {
      socket.destroy();
      reject(
        new Error(
          `NATS not reachable at ${host}:${port} (${why}); set PHOTON_TEST_NATS_URL or start nats-server`,
        ),
      );
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs} ms`));
    socket.once('error', (err) => fail(err.message));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

/** Removes what a cluster stack under `prefix` left in the machine's JetStream (its head and pending streams). */
export async function removeJetStreamOf(natsUrl: string, prefix: string): Promise<void> {
  const connection = await connectNats({ servers: natsUrl, timeout: 2_000 }).catch(() => undefined);
  if (connection === undefined) return;
  try {
    const manager = await connection.jetstreamManager();
    for (const name of ['heads', 'pending'])
      await manager.streams.delete(`${prefix}_${name}`).catch(() => false);
  } catch {
    // No JetStream there: nothing was left.
  } finally {
    await connection.close();
  }
}
