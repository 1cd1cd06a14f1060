// CometBFT times (Go's RFC3339Nano: `2024-11-12T06:57:26.531126931Z`) to Unix seconds + nanos, keeping the
// nanoseconds a JS Date would drop.
import { type CometTime } from './types';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** The time, or undefined when `text` is not RFC3339. */
export function parseCometTime(text: string): CometTime | undefined {
  const match = RFC3339.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999 (Go's zero time is year 1).
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day)) return undefined;
  let seconds = BigInt(Math.floor(date.getTime() / 1000));
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1n : 1n;
    seconds -= sign * (BigInt(zone.slice(1, 3)) * 3600n + BigInt(zone.slice(4, 6)) * 60n);
  }
  const nanos = fraction === undefined ? 0 : Number(fraction.padEnd(9, '0'));
  return { seconds, nanos };
}
