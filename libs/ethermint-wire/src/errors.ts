// The one error this library throws: a machine-readable reason, so callers (engine-client reading blocks,
// the devnet's CheckTx) can branch on "not an Ethereum tx" versus "a broken one" without parsing text.

/** Why a decode, wrap or unwrap failed. */
export type EthermintWireErrorReason =
  /** Bytes that are not the protobuf message they were decoded as. */
  | 'malformed-protobuf'
  /** A well-formed Cosmos tx whose messages are not (all) MsgEthereumTx. */
  | 'not-ethereum-tx'
  /** A MsgEthereumTx with neither `raw` nor `data`, or with a `from` that is not 20 bytes. */
  | 'malformed-ethereum-msg'
  /** Bytes or fields that do not make a valid signed Ethereum transaction. */
  | 'invalid-ethereum-tx'
  /** An inner tx type the chosen layout cannot carry (older layout: LegacyTx, AccessListTx, DynamicFeeTx only). */
  | 'unsupported-tx-type'
  /** The signature does not recover to the `from` the message claims. */
  | 'sender-mismatch'
  /** The older layout's stored `hash` differs from the hash of the rebuilt transaction. */
  | 'hash-mismatch'
  /** A caller-supplied argument the wire cannot carry (e.g. an empty fee denom). */
  | 'invalid-argument'
  /** A string that is not bech32 (the detail is btcutil's error text). */
  | 'invalid-bech32';

export class EthermintWireError extends Error {
  constructor(
    readonly reason: EthermintWireErrorReason,
    /** The message without the reason: what a caller quoting the node's own wording (btcutil's) shows. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${reason}: ${detail}`, options);
    this.name = 'EthermintWireError';
  }
}

/** Runs `fn`, turning anything it throws (protobufjs, cosmjs-types, ethers) into an EthermintWireError. */
export function wireGuard<T>(reason: EthermintWireErrorReason, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof EthermintWireError) throw err;
    const detail = err instanceof Error ? err.message : String(err);
    throw new EthermintWireError(reason, `${what}: ${detail}`, { cause: err });
  }
}
