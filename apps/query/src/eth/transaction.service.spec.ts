// eth_getTransactionByHash's lookup order (included, then pending) against a tx mined between the two looks:
// not included at the first, gone from the pool at the second because its nonce is used. It is answered
// from a second look among the included txs, not as unknown.
import type { EthereumChainReader, PendingLookup, PendingPool } from '@photon/engine-client';
import type { EthTransactionRecord } from '@photon/types';
import type { ChainHead } from '../engine/chain-head';
import type { BlockService } from './block.service';
import { TransactionService } from './transaction.service';

const HASH = `0x${'ab'.repeat(32)}`;
const MINED = { hash: HASH, blockNumber: 7n } as unknown as EthTransactionRecord;
const PENDING = { hash: HASH, blockNumber: null } as unknown as EthTransactionRecord;

/** A service whose engine answers the included lookups in turn and whose pool answers `lookup`. */
function serviceWith(included: (EthTransactionRecord | null)[], lookup: PendingLookup) {
  const reader = {
    transactionByHash: jest.fn(() => Promise.resolve(included.shift() ?? null)),
  };
  const pool = { byHash: jest.fn(() => Promise.resolve(lookup)) };
  const service = new TransactionService(
    reader as unknown as EthereumChainReader,
    {} as BlockService,
    pool as unknown as PendingPool,
    {} as ChainHead,
  );
  return { service, reader };
}

describe('TransactionService.byHash', () => {
  it('default: an included tx is answered without asking the pool', async () => {
    const { service, reader } = serviceWith([MINED], { tx: null, mined: false });
    expect(await service.byHash(HASH)).toBe(MINED);
    expect(reader.transactionByHash).toHaveBeenCalledTimes(1);
  });

  it('a tx mined between the two looks is found by a second look among the included', async () => {
    const { service, reader } = serviceWith([null, MINED], { tx: null, mined: true });
    expect(await service.byHash(HASH)).toBe(MINED);
    expect(reader.transactionByHash).toHaveBeenCalledTimes(2);
  });

  it('a pending tx is answered from the pool; an unknown one is null after one look', async () => {
    expect(await serviceWith([null], { tx: PENDING, mined: false }).service.byHash(HASH)).toBe(PENDING);
    const unknown = serviceWith([null], { tx: null, mined: false });
    expect(await unknown.service.byHash(HASH)).toBeNull();
    expect(unknown.reader.transactionByHash).toHaveBeenCalledTimes(1);
  });
});
