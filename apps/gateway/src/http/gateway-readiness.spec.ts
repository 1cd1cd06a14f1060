// The gateway's readiness: the query service answering on the bus (the others reported), and no drain begun.
import { InProcessHeadStream, InProcessPendingFeed, MethodBus } from '@photon/bus';
import { Draining } from '@photon/ops';
import type { ServiceName } from '@photon/types';
import type { GatewayOptions } from '../gateway-options';
import { EdgeAnswers } from '../rpc/edge-answers';
import { RpcRouter } from '../rpc/rpc-router';
import { SubscriptionHub } from '../subscriptions/subscription-hub';
import { GatewayReadiness } from './gateway-readiness';

class PingBus extends MethodBus {
  readonly down = new Set<ServiceName>();
  pings = 0;
  request(): Promise<unknown> {
    return Promise.reject(new Error('not used'));
  }
  ping(service: ServiceName): Promise<boolean> {
    this.pings++;
    return Promise.resolve(!this.down.has(service));
  }
  publish(): void {}
  subscribe(): () => void {
    return () => undefined;
  }
  /** As a call that found no replica of `service` (the NATS transport's "no responders"). */
  callFindsDown(service: ServiceName): void {
    this.down.add(service);
    this.noteServiceUnavailable();
  }
}

function readinessOf(bus: PingBus, draining: Draining): GatewayReadiness {
  const options = { rpcApi: ['web3', 'eth', 'net'] } as unknown as GatewayOptions;
  const ops = { draining };
  const edge = new EdgeAnswers(bus);
  const hub = new SubscriptionHub(new InProcessHeadStream(), new InProcessPendingFeed(), bus, edge);
  return new GatewayReadiness(bus, new RpcRouter(bus, hub, edge, options, ops), ops);
}

describe(GatewayReadiness.name, () => {
  it('default: ready when every service answers, naming each', async () => {
    expect(await readinessOf(new PingBus(), new Draining()).report()).toEqual({
      ready: true,
      body: { status: 'ready', services: { query: true, keystore: true, tx: true, events: true } },
    });
  });

  it('behavior: the query service not answering makes it unavailable', async () => {
    const bus = new PingBus();
    bus.down.add('query');
    expect(await readinessOf(bus, new Draining()).report()).toMatchObject({
      ready: false,
      body: { status: 'unavailable', services: { tx: true, query: false } },
    });
  });

  it('behavior: another service not answering is reported, and the gateway stays ready (reads still served)', async () => {
    const bus = new PingBus();
    bus.down.add('tx');
    bus.down.add('keystore');
    expect(await readinessOf(bus, new Draining()).report()).toEqual({
      ready: true,
      body: { status: 'ready', services: { query: true, keystore: false, tx: false, events: true } },
    });
  });

  it('behavior: once draining begins it is not ready, whatever the services say', async () => {
    const draining = new Draining();
    const readiness = readinessOf(new PingBus(), draining);
    draining.begin();
    expect(await readiness.report()).toMatchObject({ ready: false, body: { status: 'draining' } });
  });

  it('behavior: reports share one round of pings a second, however many are asked', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const bus = new PingBus();
      const readiness = readinessOf(bus, new Draining());
      const reports = await Promise.all(Array.from({ length: 50 }, () => readiness.report()));
      expect(reports.every((report) => report.ready)).toBe(true);
      expect(bus.pings).toBe(4);
      await readiness.report();
      expect(bus.pings).toBe(4);
      jest.advanceTimersByTime(1_001);
      bus.down.add('query');
      expect(await readiness.report()).toMatchObject({ ready: false, body: { services: { query: false } } });
      expect(bus.pings).toBe(8);
    } finally {
      jest.useRealTimers();
    }
  });

  it('behavior: a call that found a service with no replica makes the next report ping again', async () => {
    const bus = new PingBus();
    const readiness = readinessOf(bus, new Draining());
    expect((await readiness.report()).ready).toBe(true);
    bus.callFindsDown('query');
    expect(await readiness.report()).toMatchObject({ ready: false, body: { services: { query: false } } });
    expect(bus.pings).toBe(8);
  });
});
