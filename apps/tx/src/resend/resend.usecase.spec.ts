// eth_resend's choices without an engine: which pending tx it picks, what the replacement keeps and what it
// changes, and what it refuses. The pool and the send path are stand-ins that record what they are given.
import type { CallContext } from '@photon/bus';
import { EthSendTransactionParams, decodeParams } from '@photon/codec';
import type { PendingPool } from '@photon/engine-client';
import type { EthTransactionRecord, Hex } from '@photon/types';
import type { SendTransactionCommand } from '../send-transaction/send-transaction.command';
import type { SendTransactionUseCase } from '../send-transaction/send-transaction.usecase';
import { ResendUseCase } from './resend.usecase';

const FROM: Hex = `0x${'aa'.repeat(20)}`;
const TO: Hex = `0x${'bb'.repeat(20)}`;
const CALLER: CallContext = { transport: 'http', exposure: 'loopback' };

function pending(fields: Partial<EthTransactionRecord>): EthTransactionRecord {
  return {
    type: 0,
    hash: `0x${'11'.repeat(32)}`,
    from: FROM,
    to: TO,
    nonce: 3n,
    value: 5n,
    gas: 21_000n,
    gasPrice: 100n,
    input: '0x',
    chainId: 9000n,
    v: 0n,
    r: 0n,
    s: 0n,
    position: null,
    ...fields,
  };
}

function useCase(pool: EthTransactionRecord[]) {
  const sent: SendTransactionCommand[] = [];
  const resend = new ResendUseCase(
    { transactions: () => Promise.resolve(pool) } as unknown as PendingPool,
    {
      execute: (command: SendTransactionCommand) => {
        sent.push(command);
        return Promise.resolve(`0x${'22'.repeat(32)}`);
      },
    } as unknown as SendTransactionUseCase,
  );
  return { resend, sent };
}

const args = (fields: Record<string, unknown>) =>
  decodeParams(EthSendTransactionParams, [{ from: FROM, ...fields }]).transaction;

describe(ResendUseCase.name, () => {
  it('default: the sender’s pending tx of that nonce is signed again at the new price, the rest kept', async () => {
    const { resend, sent } = useCase([pending({ nonce: 2n }), pending({})]);
    const hash = await resend.execute({ transaction: args({ nonce: '0x3' }), gasPrice: 200n }, CALLER);
    expect(hash).toBe(`0x${'22'.repeat(32)}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.caller).toBe(CALLER);
    expect(sent[0]!.signing).toEqual({ kind: 'unlocked' });
    expect(sent[0]!.transaction).toMatchObject({
      from: FROM,
      to: TO,
      nonce: 3n,
      value: 5n,
      gas: 21_000n,
      gasPrice: 200n,
    });
  });

  it('args: a new gas limit replaces the gas; zero price and limit keep the pending tx’s', async () => {
    const { resend, sent } = useCase([pending({})]);
    await resend.execute({ transaction: args({ nonce: '0x3' }), gasPrice: 0n, gasLimit: 50_000n }, CALLER);
    await resend.execute({ transaction: args({ nonce: '0x3' }), gasLimit: 0n }, CALLER);
    expect(sent.map((command) => [command.transaction.gas, command.transaction.gasPrice])).toEqual([
      [50_000n, 100n],
      [21_000n, 100n],
    ]);
  });

  it('behavior: to, value and input the caller gives must be the pending tx’s', async () => {
    const { resend } = useCase([pending({})]);
    await expect(
      resend.execute({ transaction: args({ nonce: '0x3', value: '0x6' }) }, CALLER),
    ).rejects.toThrow(`transaction from ${FROM} with nonce 3 not found`);
    await expect(
      resend.execute({ transaction: args({ nonce: '0x3', to: `0x${'cc'.repeat(20)}` }) }, CALLER),
    ).rejects.toThrow('not found');
    await expect(
      resend.execute({ transaction: args({ nonce: '0x3', to: TO, value: '0x5' }) }, CALLER),
    ).resolves.toMatch(/^0x/);
  });

  it('error: no nonce; another sender’s tx; re-pricing an EIP-1559 tx', async () => {
    const { resend } = useCase([pending({ from: `0x${'dd'.repeat(20)}` }), pending({ nonce: 4n, type: 2 })]);
    await expect(resend.execute({ transaction: args({}) }, CALLER)).rejects.toThrow(
      'missing transaction nonce in transaction spec',
    );
    await expect(resend.execute({ transaction: args({ nonce: '0x3' }) }, CALLER)).rejects.toThrow(
      'not found',
    );
    await expect(
      resend.execute({ transaction: args({ nonce: '0x4' }), gasPrice: 9n }, CALLER),
    ).rejects.toThrow('eth_resend re-prices legacy transactions only');
  });
});
