import { parseCometTime } from './time';

describe(parseCometTime.name, () => {
  it('default: RFC3339 with nanoseconds, UTC', () => {
    expect(parseCometTime('2024-11-12T06:57:26.531126931Z')).toEqual({
      seconds: 1731394646n,
      nanos: 531126931,
    });
  });

  it.each([
    ['no fraction', '1970-01-01T00:00:01Z', { seconds: 1n, nanos: 0 }],
    ['a short fraction', '1970-01-01T00:00:01.5Z', { seconds: 1n, nanos: 500_000_000 }],
    ['an offset', '1970-01-01T02:00:00+02:00', { seconds: 0n, nanos: 0 }],
    ["Go's zero time", '0001-01-01T00:00:00Z', { seconds: -62135596800n, nanos: 0 }],
  ])('args: %s', (_name, text, expected) => {
    expect(parseCometTime(text)).toEqual(expected);
  });

  it.each([
    ['not a time', 'yesterday'],
    ['an impossible date', '2023-02-30T00:00:00Z'],
    ['ten fraction digits', '1970-01-01T00:00:00.1234567890Z'],
  ])('error: %s', (_name, text) => {
    expect(parseCometTime(text)).toBeUndefined();
  });
});
