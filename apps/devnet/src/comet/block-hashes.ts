// The other roots a CometBFT 0.38 header carries: data_hash, last_results_hash, validators_hash,
// consensus_hash and last_commit_hash, each as the Go types compute it.
import { ripemd160 } from 'ethers';
import { merkleRoot, sha256 } from './merkle';
import {
  encodeCommitSig,
  encodeDeterministicTxResult,
  encodeHashedParams,
  encodeSimpleValidator,
} from './proto';
import type {
  CometCommit,
  CometConsensusParams,
  CometPubKey,
  CometTxResultForHash,
  CometValidator,
} from './types';

/** Tx.Hash(): the tx key of `tx`, `tx_search` and `tx.hash` (sha256 of the raw bytes). */
export function txHash(tx: Uint8Array): Uint8Array {
  return sha256(tx);
}

/** Txs.Hash(): merkle root over the tx hashes (not the raw txs). */
export function dataHash(txs: readonly Uint8Array[]): Uint8Array {
  return merkleRoot(txs.map(txHash));
}

/** ABCIResults.Hash(): merkle root over the deterministic ExecTxResult bytes of a block's txs. */
export function lastResultsHash(results: readonly CometTxResultForHash[]): Uint8Array {
  return merkleRoot(results.map(encodeDeterministicTxResult));
}

/**
 * Commit.Hash() (a header's last_commit_hash is that of the previous block's commit): merkle root
 * over the CommitSig protos. The empty commit of the first height gives the empty-tree hash.
 */
export function commitHash(commit: Pick<CometCommit, 'signatures'>): Uint8Array {
  return merkleRoot(commit.signatures.map(encodeCommitSig));
}

/** ConsensusParams.Hash(): sha256 (not a merkle root) of HashedParams{block max bytes, max gas}. */
export function consensusHash(params: CometConsensusParams): Uint8Array {
  return sha256(encodeHashedParams(params));
}

/** crypto.PubKey.Address(): sha256[:20] for ed25519, ripemd160(sha256) for secp256k1. */
export function validatorAddress(pubKey: CometPubKey): Uint8Array {
  const digest = sha256(pubKey.bytes);
  if (pubKey.type === 'ed25519') return digest.slice(0, 20);
  return Uint8Array.from(Buffer.from(ripemd160(digest).slice(2), 'hex'));
}

/**
 * ValidatorSet.Hash(): merkle root over SimpleValidator bytes in validator-set order. A Go
 * ValidatorSet is always sorted by voting power (descending), then address (ascending), so the
 * validators are sorted here the same way whatever order they come in.
 */
export function validatorsHash(validators: readonly CometValidator[]): Uint8Array {
  return merkleRoot(sortValidators(validators).map(encodeSimpleValidator));
}

/** ValidatorsByVotingPower: the order of a validator set, of `validators` results and of commits. */
export function sortValidators<V extends CometValidator>(validators: readonly V[]): V[] {
  const keyed = validators.map((validator) => ({ validator, address: validatorAddress(validator.pubKey) }));
  keyed.sort((a, b) => {
    if (a.validator.votingPower !== b.validator.votingPower) {
      return a.validator.votingPower > b.validator.votingPower ? -1 : 1;
    }
    return Buffer.compare(a.address, b.address);
  });
  return keyed.map(({ validator }) => validator);
}
