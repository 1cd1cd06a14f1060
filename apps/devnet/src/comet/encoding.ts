// The JSON encodings of CometBFT's RPC (libs/json): int64 as decimal strings, hashes as uppercase
// hex, other bytes as base64, times as RFC3339Nano in UTC, and the result shapes built from them.
import { validatorAddress } from './block-hashes';
import { civilFromDays, parseGoTime } from '@photon/ethermint-wire';
import type {
  CometBlock,
  CometBlockId,
  CometCommit,
  CometCommitSig,
  CometHeader,
  CometPubKey,
  CometTime,
  CometValidator,
} from './types';

/** A value that cannot be encoded, or a wire string that does not decode. */
export class CometEncodingError extends Error {
  override readonly name = 'CometEncodingError';
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const NANOS_PER_SECOND = 1_000_000_000n;

/** int64 and uint64 (and Go `int`) travel as decimal strings. */
export function encodeInt64(value: bigint | number): string {
  return BigInt(value).toString();
}

export function decodeInt64(text: string): bigint {
  if (!/^-?[0-9]+$/.test(text)) throw new CometEncodingError(`invalid int64 ${JSON.stringify(text)}`);
  const value = BigInt(text);
  if (value < INT64_MIN || value > INT64_MAX) throw new CometEncodingError(`int64 out of range: ${text}`);
  return value;
}

/** HexBytes (hashes, addresses): uppercase hex without 0x; empty bytes give "". */
export function encodeHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
}

/** Hex in either case, without 0x, as HexBytes.UnmarshalJSON reads it. */
export function decodeHex(text: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text))
    throw new CometEncodingError(`invalid hex ${JSON.stringify(text)}`);
  return Uint8Array.from(Buffer.from(text, 'hex'));
}

/** []byte: standard base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function decodeBase64(text: string): Uint8Array {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw new CometEncodingError(`invalid base64 ${JSON.stringify(text)}`);
  }
  const bytes = Buffer.from(text, 'base64');
  // Node ignores non-zero trailing bits; Go's strict decoder does not, so compare the round trip.
  if (bytes.toString('base64') !== text)
    throw new CometEncodingError(`invalid base64 ${JSON.stringify(text)}`);
  return Uint8Array.from(bytes);
}

export function cometTimeFromUnixNanos(unixNanos: bigint): CometTime {
  const seconds = floorDiv(unixNanos, NANOS_PER_SECOND);
  return { seconds, nanos: Number(unixNanos - seconds * NANOS_PER_SECOND) };
}

export function cometTimeToUnixNanos(time: CometTime): bigint {
  return time.seconds * NANOS_PER_SECOND + BigInt(time.nanos);
}

/**
 * Go's time.RFC3339Nano in UTC, as a node writes every time: fraction trimmed of trailing zeros and
 * left out when zero. Years outside 0000–9999 are refused, as Go's Time.MarshalJSON refuses them.
 */
export function formatRfc3339Nano(time: CometTime): string {
  if (!Number.isInteger(time.nanos) || time.nanos < 0 || time.nanos >= 1e9) {
    throw new CometEncodingError(`nanos out of range: ${time.nanos}`);
  }
  const days = floorDiv(time.seconds, 86400n);
  const secondOfDay = Number(time.seconds - days * 86400n);
  if (days < -800_000n || days > 3_000_000n) throw new CometEncodingError('year outside of range [0,9999]');
  const { year, month, day } = civilFromDays(Number(days));
  if (year < 0 || year > 9999) throw new CometEncodingError('year outside of range [0,9999]');
  const two = (n: number): string => String(n).padStart(2, '0');
  const clock = `${two(Math.floor(secondOfDay / 3600))}:${two(Math.floor(secondOfDay / 60) % 60)}:${two(secondOfDay % 60)}`;
  const fraction = time.nanos === 0 ? '' : `.${String(time.nanos).padStart(9, '0').replace(/0+$/, '')}`;
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${clock}${fraction}Z`;
}

/** An RFC 3339 time with optional fraction (up to nanoseconds) and Z or ±hh:mm, normalized to UTC. */
export function parseRfc3339Nano(text: string): CometTime {
  // The strict shape Go's Time.UnmarshalJSON demands; parseGoTime then checks the ranges.
  if (
    !/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2})$/.test(
      text,
    )
  ) {
    throw new CometEncodingError(`invalid RFC 3339 time ${JSON.stringify(text)}`);
  }
  const parsed = parseGoTime('rfc3339', text);
  if (!parsed.ok) throw new CometEncodingError(parsed.error);
  return cometTimeFromUnixNanos(parsed.time.unixNanos);
}

// Result shapes: keys in Go struct order, so a response reads byte for byte like a node's.

export interface PartSetHeaderJson {
  /** uint32: a number, not a string. */
  total: number;
  hash: string;
}

export interface BlockIdJson {
  hash: string;
  parts: PartSetHeaderJson;
}

export interface HeaderJson {
  version: { block: string; app: string };
  chain_id: string;
  height: string;
  time: string;
  last_block_id: BlockIdJson;
  last_commit_hash: string;
  data_hash: string;
  validators_hash: string;
  next_validators_hash: string;
  consensus_hash: string;
  app_hash: string;
  last_results_hash: string;
  evidence_hash: string;
  proposer_address: string;
}

export interface CommitSigJson {
  block_id_flag: number;
  validator_address: string;
  timestamp: string;
  /** base64; null for an absent vote (Go's nil slice). */
  signature: string | null;
}

export interface CommitJson {
  height: string;
  round: number;
  block_id: BlockIdJson;
  signatures: CommitSigJson[];
}

export interface BlockJson {
  header: HeaderJson;
  data: { txs: string[] };
  evidence: { evidence: never[] };
  last_commit: CommitJson;
}

export interface PubKeyJson {
  type: 'tendermint/PubKeyEd25519' | 'tendermint/PubKeySecp256k1';
  value: string;
}

export interface ValidatorJson {
  address: string;
  pub_key: PubKeyJson;
  voting_power: string;
  proposer_priority: string;
}

/** Result of `block` and `block_by_hash` (block null for an unknown hash). */
export interface ResultBlockJson {
  block_id: BlockIdJson;
  block: BlockJson | null;
}

/** Result of `commit`. */
export interface ResultCommitJson {
  signed_header: { header: HeaderJson; commit: CommitJson };
  canonical: boolean;
}

/** Result of `validators`: count and total are Go ints, hence strings. */
export interface ResultValidatorsJson {
  block_height: string;
  validators: ValidatorJson[];
  count: string;
  total: string;
}

export function blockIdJson(id: CometBlockId): BlockIdJson {
  return { hash: encodeHex(id.hash), parts: { total: id.parts.total, hash: encodeHex(id.parts.hash) } };
}

export function headerJson(header: CometHeader): HeaderJson {
  return {
    version: { block: encodeInt64(header.version.block), app: encodeInt64(header.version.app) },
    chain_id: header.chainId,
    height: encodeInt64(header.height),
    time: formatRfc3339Nano(header.time),
    last_block_id: blockIdJson(header.lastBlockId),
    last_commit_hash: encodeHex(header.lastCommitHash),
    data_hash: encodeHex(header.dataHash),
    validators_hash: encodeHex(header.validatorsHash),
    next_validators_hash: encodeHex(header.nextValidatorsHash),
    consensus_hash: encodeHex(header.consensusHash),
    app_hash: encodeHex(header.appHash),
    last_results_hash: encodeHex(header.lastResultsHash),
    evidence_hash: encodeHex(header.evidenceHash),
    proposer_address: encodeHex(header.proposerAddress),
  };
}

export function commitSigJson(sig: CometCommitSig): CommitSigJson {
  return {
    block_id_flag: sig.blockIdFlag,
    validator_address: encodeHex(sig.validatorAddress),
    timestamp: formatRfc3339Nano(sig.timestamp),
    signature: sig.signature.length === 0 ? null : encodeBase64(sig.signature),
  };
}

export function commitJson(commit: CometCommit): CommitJson {
  return {
    height: encodeInt64(commit.height),
    round: commit.round,
    block_id: blockIdJson(commit.blockId),
    signatures: commit.signatures.map(commitSigJson),
  };
}

export function blockJson(block: CometBlock): BlockJson {
  return {
    header: headerJson(block.header),
    data: { txs: block.txs.map(encodeBase64) },
    evidence: { evidence: [] },
    last_commit: commitJson(block.lastCommit),
  };
}

export function resultBlockJson(id: CometBlockId, block: CometBlock): ResultBlockJson {
  return { block_id: blockIdJson(id), block: blockJson(block) };
}

export function resultCommitJson(
  header: CometHeader,
  commit: CometCommit,
  canonical: boolean,
): ResultCommitJson {
  return { signed_header: { header: headerJson(header), commit: commitJson(commit) }, canonical };
}

export function pubKeyJson(pubKey: CometPubKey): PubKeyJson {
  return {
    type: pubKey.type === 'ed25519' ? 'tendermint/PubKeyEd25519' : 'tendermint/PubKeySecp256k1',
    value: encodeBase64(pubKey.bytes),
  };
}

export function validatorJson(validator: CometValidator, proposerPriority = 0n): ValidatorJson {
  return {
    address: encodeHex(validatorAddress(validator.pubKey)),
    pub_key: pubKeyJson(validator.pubKey),
    voting_power: encodeInt64(validator.votingPower),
    proposer_priority: encodeInt64(proposerPriority),
  };
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
