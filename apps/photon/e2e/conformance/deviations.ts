// Where Photon answers outside the execution-apis document on purpose, each with its reason. The
// conformance spec fails on any departure not listed here, and on a listed one that no longer occurs.
import type { InvalidClass } from './invalid-params';

export interface ResultDeviation {
  readonly method: string;
  /** Which valid calls answer so (for the report). */
  readonly when: string;
  /** A line ajv reports for that answer, which the deviation accounts for. */
  readonly failing: string;
  readonly reason: string;
}

export interface ErrorDeviation {
  readonly method: string;
  readonly kind: InvalidClass;
  readonly code: number | 'result';
  readonly reason: string;
}

export const RESULT_DEVIATIONS: readonly ResultDeviation[] = [
  {
    method: 'eth_signTransaction',
    when: 'an EIP-1559 transaction',
    failing: 'result/tx/gasPrice: must be string (found null)',
    reason:
      "`tx` is geth's types.Transaction JSON (core/types/transaction_marshalling.go), whose gasPrice is null on " +
      'an EIP-1559 transaction, while the Transaction1559Unsigned schema requires it. Photon answers as geth ' +
      'does, since clients decode this with geth-compatible decoders; legacy and EIP-2930 answers are valid.',
  },
];

export const ERROR_DEVIATIONS: readonly ErrorDeviation[] = [];

/** Corrections the validator applies to the document itself (libs/testing/src/openrpc/spec-amendments.ts). */
export const DOCUMENT_AMENDMENTS: readonly string[] = [
  "FilterResults is `oneOf` [hashes, logs]: `[]`, eth_getLogs' commonest answer, matches both branches and so " +
    'fails; validated as `anyOf`, which still rejects a malformed log.',
  'eth_getTransactionByHash serves pending transactions (block fields null), as geth does; the document ' +
    'describes them (PendingTransactionInfo) but leaves them out of the result; validated with that branch added.',
];
