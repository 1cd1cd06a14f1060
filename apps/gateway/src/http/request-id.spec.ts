import { requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(requestIdOf.name, () => {
  it("default: a client's sane id is kept as it is", () => {
    expect(requestIdOf('trace-1234_abc.def:9/x+y=z@w')).toBe('trace-1234_abc.def:9/x+y=z@w');
  });

  it('behavior: without an id, one is made', () => {
    expect(requestIdOf(undefined)).toMatch(UUID);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(129)],
    ['spaces', 'a b'],
    ['a line break', 'a\nb'],
    ['quotes', 'a"b'],
    ['non-ASCII', 'ä'],
    ['repeated header', ['a', 'b']],
  ])('error: an id with %s is replaced', (_what, given) => {
    expect(requestIdOf(given)).toMatch(UUID);
  });

  it('args: 128 characters are still kept', () => {
    expect(requestIdOf('a'.repeat(128))).toBe('a'.repeat(128));
  });
});
