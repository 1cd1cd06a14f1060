// The only response fields a golden chain cannot fix, each named with why, and how record and replay
// both rewrite them so that a file stays the same across runs and machines.
//
// - Filter ids (eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter): 128 random bits
//   on purpose, as geth's: a guessable id would let one client poll or uninstall another's filter.
//   A file writes the n-th filter it makes as the stand-in FILTER_STAND_IN(n); the runner checks the
//   live id's shape, then sends the live id wherever a later request of the same file names the
//   stand-in, and writes the stand-in back wherever a response carries the live id.
// - web3_clientVersion: ends in the OS, CPU architecture and Node version of the machine that
//   answers (`Photon/v0.1.0/linux-x64/node20.19.0`); those parts are written as placeholders, the
//   product and version stay exact.

/** Methods whose result is a new filter id. */
export const FILTER_MAKERS: ReadonlySet<string> = new Set([
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
]);

/** A filter id as Photon makes them: 0x and 1–32 hex digits, no leading zero. */
export const FILTER_ID_SHAPE = /^0x(0|[1-9a-f][0-9a-f]{0,31})$/;

/** How a file names the n-th filter it makes (n from 1). */
export const FILTER_STAND_IN = (n: number): string => `0xf11e${n}`;

const MACHINE_SUFFIX = `/${process.platform}-${process.arch}/node${process.versions.node}`;
export const MACHINE_PLACEHOLDER = '/<os>-<arch>/node<version>';

/** web3_clientVersion's result with this machine's parts as placeholders. */
export function machineFree(version: string): string {
  return version.endsWith(MACHINE_SUFFIX)
    ? `${version.slice(0, -MACHINE_SUFFIX.length)}${MACHINE_PLACEHOLDER}`
    : version;
}
