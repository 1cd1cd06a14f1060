import { currentRequestId, inRequest } from './request-scope';

describe('inRequest', () => {
  it('runs work in the scope of its request, and outside it again once done', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await inRequest('r-1', async () => {
      await Promise.resolve();
      return currentRequestId();
    });
    expect(seen).toBe('r-1');
    expect(currentRequestId()).toBeUndefined();
  });

  it('keeps the scope for work of the same request, and for work of no named request', () => {
    inRequest('r-1', () => {
      expect(inRequest('r-1', () => currentRequestId())).toBe('r-1');
      expect(inRequest(undefined, () => currentRequestId())).toBe('r-1');
    });
  });

  it('switches to another request inside a scope and back after it', async () => {
    await inRequest('outer', async () => {
      const inner = inRequest('inner', async () => {
        await Promise.resolve();
        return currentRequestId();
      });
      expect(currentRequestId()).toBe('outer');
      expect(await inner).toBe('inner');
      expect(currentRequestId()).toBe('outer');
    });
  });
});
