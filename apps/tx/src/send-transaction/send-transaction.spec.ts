import { INTERNAL_CONTEXT } from '@photon/bus';
import { EthSendTransactionParams, decodeParams } from '@photon/codec';
import { SendTransactionCommand } from './send-transaction.command';
import { type ChainDefaults, DEFAULT_GAS, fillTransaction } from './tx-defaults';

const FROM = '0x' + 'aa'.repeat(20);
const TO = '0x' + 'bb'.repeat(20);
const chain: ChainDefaults = { pendingNonce: 7n, baseFee: 100n, gasPrice: 110n, tip: 10n, chainId: 9000n };
const tx = (fields: Record<string, unknown>) =>
  decodeParams(EthSendTransactionParams, [{ from: FROM, ...fields }]).transaction;

describe(fillTransaction.name, () => {
  it('default: gas 90,000, the pending nonce, EIP-1559 fees (2 × base fee + tip) and the chain id', () => {
    expect(fillTransaction(tx({ to: TO }), chain)).toEqual({
      from: FROM,
      to: TO,
      gas: '0x15f90',
      maxPriorityFeePerGas: '0xa',
      maxFeePerGas: '0xd2',
      value: '0x0',
      nonce: '0x7',
      input: '0x',
      chainId: '0x2328',
    });
    expect(DEFAULT_GAS).toBe(90_000n);
  });

  it('args: gasLimit is gas; an explicit nonce is kept (to replace a pending tx)', () => {
    const filled = fillTransaction(tx({ to: TO, gasLimit: '0x5208', nonce: '0x2' }), chain);
    expect([filled.gas, filled.nonce]).toEqual(['0x5208', '0x2']);
  });

  it('args: a gasPrice makes a legacy tx; without a base fee the chain price is used', () => {
    expect(fillTransaction(tx({ to: TO, gasPrice: '0x5' }), chain)).toMatchObject({ gasPrice: '0x5' });
    const legacy = fillTransaction(tx({ to: TO }), { ...chain, baseFee: null });
    expect(legacy).toMatchObject({ gasPrice: '0x6e' });
    expect(legacy).not.toHaveProperty('maxFeePerGas');
  });

  it('args: a given tip or fee cap is kept, the other filled', () => {
    expect(fillTransaction(tx({ to: TO, maxPriorityFeePerGas: '0x1' }), chain)).toMatchObject({
      maxPriorityFeePerGas: '0x1',
      maxFeePerGas: '0xc9',
    });
    expect(fillTransaction(tx({ to: TO, maxFeePerGas: '0x64' }), chain)).toMatchObject({
      maxPriorityFeePerGas: '0xa',
      maxFeePerGas: '0x64',
    });
  });

  it('error: EIP-1559 fields without a base fee', () => {
    expect(() => fillTransaction(tx({ to: TO, maxFeePerGas: '0x1' }), { ...chain, baseFee: null })).toThrow(
      'maxFeePerGas or maxPriorityFeePerGas specified but london is not active yet',
    );
  });
});

describe(SendTransactionCommand.name, () => {
  it('error: no sender, in each method’s words', () => {
    const noFrom = decodeParams(EthSendTransactionParams, [{ to: TO }]).transaction;
    expect(() => SendTransactionCommand.create(noFrom, { kind: 'unlocked' }, INTERNAL_CONTEXT)).toThrow(
      'unknown account',
    );
    expect(() =>
      SendTransactionCommand.create(noFrom, { kind: 'passphrase', passphrase: 'x' }, INTERNAL_CONTEXT),
    ).toThrow('sender not specified');
  });
});
