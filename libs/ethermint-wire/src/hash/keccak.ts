// Keccak-256 for every hash the services and the devnet take: tx hashes, checksummed addresses, trie nodes,
// log blooms. ethers' own (noble's) takes about three times as long as js-sha3's on node 20 (a 300-byte
// receipt: 42 against 13 µs on this box), and a block of txs takes hundreds of them: installed as ethers'
// keccak256 (ethers lets a process register one), every ethers call that hashes uses it too.
import { keccak256 as ethersKeccak256 } from 'ethers';
import { keccak256 as sha3Keccak256 } from 'js-sha3';

/** Keccak-256 of `data` (the original Keccak padding, as Ethereum uses it, not SHA3-256's). */
export function keccak256Bytes(data: Uint8Array): Uint8Array {
  return new Uint8Array(sha3Keccak256.arrayBuffer(data));
}

let installed = false;

/** Makes ethers' keccak256 this one, once per process or thread; ethers' result and errors are unchanged. */
export function installFastKeccak(): void {
  if (installed) return;
  installed = true;
  ethersKeccak256.register(keccak256Bytes);
}
