import { Draining } from './draining';
import { Readiness, cachedCheck } from './readiness';

describe(Readiness.name, () => {
  it('default: ready when every check passes, naming each', async () => {
    const readiness = new Readiness(
      { bus: () => Promise.resolve(true), store: () => Promise.resolve(true) },
      new Draining(),
    );
    expect(await readiness.report()).toEqual({
      ready: true,
      body: { status: 'ready', checks: { bus: true, store: true } },
    });
  });

  it('behavior: a failed, throwing or hung check makes it unavailable and says which', async () => {
    const readiness = new Readiness(
      {
        bus: () => Promise.resolve(true),
        store: () => Promise.reject(new Error('ECONNREFUSED')),
        engine: () => new Promise<boolean>(() => undefined),
        other: () => Promise.resolve(false),
      },
      new Draining(),
      50,
    );
    expect(await readiness.report()).toEqual({
      ready: false,
      body: { status: 'unavailable', checks: { bus: true, store: false, engine: false, other: false } },
    });
  });

  it('behavior: draining is never ready, whatever the checks say', async () => {
    const draining = new Draining();
    const readiness = new Readiness({ bus: () => Promise.resolve(true) }, draining);
    draining.begin();
    expect(await readiness.report()).toEqual({
      ready: false,
      body: { status: 'draining', checks: { bus: true } },
    });
  });
});

describe(Draining.name, () => {
  it('behavior: tells its listeners once, and late listeners at once', () => {
    const draining = new Draining();
    const early = jest.fn();
    draining.onBegin(early);
    expect(draining.active).toBe(false);
    draining.begin();
    draining.begin();
    expect(draining.active).toBe(true);
    expect(early).toHaveBeenCalledTimes(1);
    const late = jest.fn();
    draining.onBegin(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe(cachedCheck.name, () => {
  it('behavior: asks at most once per ttl, sharing the answer', async () => {
    let nowMs = 0;
    const check = jest.fn(() => Promise.resolve(true));
    const cached = cachedCheck(check, 1_000, () => nowMs);
    await Promise.all([cached(), cached(), cached()]);
    nowMs = 999;
    expect(await cached()).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
    nowMs = 1_000;
    await cached();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('error: a rejection is a cached false', async () => {
    const check = jest.fn(() => Promise.reject(new Error('down')));
    const cached = cachedCheck(check, 1_000, () => 0);
    expect(await cached()).toBe(false);
    expect(await cached()).toBe(false);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
