import { MapDB } from '@ethereumjs/util';
import { OverlayDB } from './overlay-db';

describe(OverlayDB.name, () => {
  const bytes = (n: number) => new Uint8Array([n]);

  it('default', async () => {
    const base = new MapDB<string, string | Uint8Array>();
    await base.put('aa', bytes(1));
    const overlay = new OverlayDB(base);
    expect(await overlay.get('aa')).toEqual(bytes(1));
    await overlay.put('bb', bytes(2));
    expect(await overlay.get('bb')).toEqual(bytes(2));
    expect(await base.get('bb')).toBeUndefined();
    expect(overlay.size).toBe(1);
  });

  it('behavior: deletes and overwrites hide the base without touching it', async () => {
    const base = new MapDB<string, string | Uint8Array>();
    await base.put('aa', bytes(1));
    const overlay = new OverlayDB(base);
    await overlay.batch([
      { type: 'del', key: 'aa' },
      { type: 'put', key: 'cc', value: bytes(3) },
    ]);
    expect(await overlay.get('aa')).toBeUndefined();
    expect(await base.get('aa')).toEqual(bytes(1));
    await overlay.put('aa', bytes(9));
    expect(await overlay.get('aa')).toEqual(bytes(9));
    expect(await overlay.shallowCopy().get('cc')).toEqual(bytes(3));
  });
});
