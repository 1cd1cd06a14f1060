// geth's key file names: `UTC--<ISO 8601 time with - for :, nanoseconds>Z--<address without 0x>`,
// so a directory is interchangeable with geth's keystore and sorts by creation time.

let lastNanos = 0n;

/** The name of a key file for `address` (0x-prefixed or bare hex) written now. */
export function keyFileName(address: string, now: Date = new Date()): string {
  const bare = address.toLowerCase().replace(/^0x/, '');
  return `UTC--${isoTimestamp(now)}--${bare}`;
}

// Date has milliseconds; the last six digits come from the monotonic clock, so two keys made in
// the same millisecond still get distinct, ordered names.
function isoTimestamp(now: Date): string {
  const nanos = process.hrtime.bigint();
  const subMilli = (nanos > lastNanos ? nanos : lastNanos + 1n) % 1_000_000n;
  lastNanos = nanos > lastNanos ? nanos : lastNanos + 1n;
  const [date, time] = now.toISOString().replace('Z', '').split('T') as [string, string];
  return `${date}T${time.replace(/:/g, '-')}${subMilli.toString().padStart(6, '0')}Z`;
}

/** True for names a keystore directory reader skips, as geth does: hidden files and editor backups. */
export function isSkippedName(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~');
}
