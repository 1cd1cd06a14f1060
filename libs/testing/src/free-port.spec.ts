// Unit tests for freePort and waitFor: the two helpers every process-level test leans on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';

import { canListen, freePort } from './free-port';
import { waitFor } from './wait-for';

function listenOn(port: number, host = '127.0.0.1'): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => resolve(() => new Promise<void>((done) => server.close(() => done()))));
  });
}

describe(freePort.name, () => {
  it('default', async () => {
    const port = await freePort();
    expect(Number.isInteger(port)).toBe(true);
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
  });

  it('behavior: ports come from below the ephemeral range, which outgoing connections take theirs from', async () => {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(Number(start));
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('behavior: the port is released, so the caller can listen on it', async () => {
    const close = await listenOn(await freePort());
    await close();
  });

  it('behavior: a port held on one non-loopback address only is not free (a 0.0.0.0 listener needs it)', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
    expect(address).toBeDefined();
    const port = await freePort();
    const close = await listenOn(port, address);
    try {
      expect(await canListen(port)).toBe(false);
    } finally {
      await close();
    }
    expect(await canListen(port)).toBe(true);
  });

  it('behavior: ports handed out while others are in use do not collide with them', async () => {
    const first = await freePort();
    const close = await listenOn(first);
    try {
      const second = await freePort();
      expect(second).not.toBe(first);
    } finally {
      await close();
    }
  });
});

describe(waitFor.name, () => {
  it('default', async () => {
    await expect(waitFor(() => Promise.resolve(true), { what: 'nothing' })).resolves.toBeUndefined();
  });

  it('behavior: polls until the predicate holds', async () => {
    let calls = 0;
    await waitFor(() => Promise.resolve(++calls >= 3), { what: 'three polls', intervalMs: 5 });
    expect(calls).toBe(3);
  });

  it('behavior: waits intervalMs between polls', async () => {
    const times: number[] = [];
    await waitFor(
      () => {
        times.push(Date.now());
        return Promise.resolve(times.length >= 3);
      },
      { what: 'spaced polls', intervalMs: 50 },
    );
    const [a = 0, , c = 0] = times;
    expect(c - a).toBeGreaterThanOrEqual(90);
  });

  it('behavior: detail is read only when the wait fails', async () => {
    const detail = jest.fn(() => 'child output');
    await waitFor(() => Promise.resolve(true), { what: 'x', detail });
    expect(detail).not.toHaveBeenCalled();
  });

  it('error: timeout names what was awaited and appends the detail', async () => {
    const started = Date.now();
    await expect(
      waitFor(() => Promise.resolve(false), {
        what: 'the gateway',
        timeoutMs: 100,
        intervalMs: 10,
        detail: () => 'child said hello',
      }),
    ).rejects.toThrow(/Timed out after 100 ms waiting for the gateway\nchild said hello/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('error: a rejecting predicate rejects at once', async () => {
    let calls = 0;
    await expect(
      waitFor(
        () => {
          calls++;
          return Promise.reject(new Error('child exited'));
        },
        { what: 'x', timeoutMs: 10_000 },
      ),
    ).rejects.toThrow('child exited');
    expect(calls).toBe(1);
  });
});
