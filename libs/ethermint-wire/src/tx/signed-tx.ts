// Parsing signed Ethereum transactions with ethers, reporting failures as EthermintWireError.
import { Transaction, hexlify } from 'ethers';
import { EthermintWireError, wireGuard } from '../errors';

/** The signed transaction in `raw` (EIP-2718 envelope or legacy RLP), exactly as encoded. */
export function parseSignedTx(raw: Uint8Array): Transaction {
  const hex = hexlify(raw);
  const tx = wireGuard('invalid-ethereum-tx', 'signed transaction', () => Transaction.from(hex));
  if (tx.signature === null) throw new EthermintWireError('invalid-ethereum-tx', 'transaction is not signed');
  // go-ethereum rejects non-canonical RLP that ethers tolerates; re-encoding exposes it, and keeps
  // keccak256(raw) equal to the hash ethers and the chain report.
  const canonical = wireGuard('invalid-ethereum-tx', 'signed transaction', () => tx.serialized);
  if (canonical !== hex)
    throw new EthermintWireError('invalid-ethereum-tx', 'non-canonical transaction encoding');
  return tx;
}

/** The sender recovered from the signature, 0x lowercase. */
export function recoverSender(tx: Transaction): string {
  const from = wireGuard('invalid-ethereum-tx', 'signature', () => tx.from);
  if (from === null) throw new EthermintWireError('invalid-ethereum-tx', 'transaction is not signed');
  return from.toLowerCase();
}
