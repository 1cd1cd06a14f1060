import { EthSignTransactionParams, decodeParams } from '@photon/codec';
import { Transaction, Wallet, getAddress, getBytes } from 'ethers';
import { checkTxFee, prepareTransaction, signTransaction } from './transaction-signing';

const CHAIN_ID = 9000n;
const wallet = Wallet.createRandom();
const KEY = getBytes(wallet.privateKey);
const TO = '0x52908400098527886e0f7030069857d2e4169ee7';

// Params as a client sends them, through the same DTO the handler decodes.
const args = (tx: Record<string, unknown>) =>
  decodeParams(EthSignTransactionParams, [
    { from: wallet.address, to: TO, gas: '0x5208', nonce: '0x7', ...tx },
  ]).transaction;

const signed = (tx: Record<string, unknown>) => signTransaction(prepareTransaction(args(tx), CHAIN_ID), KEY);

describe(signTransaction.name, () => {
  it('default: a legacy transaction, EIP-155 protected, in geth SignTransactionResult form', () => {
    const result = signed({ gasPrice: '0x3b9aca00', value: '0x10', input: '0xdead' });
    const parsed = Transaction.from(result.raw);
    expect(parsed.from).toBe(wallet.address);
    expect(parsed.type).toBe(0);
    expect(parsed.chainId).toBe(CHAIN_ID);
    expect(result.tx).toEqual({
      type: '0x0',
      chainId: '0x2328',
      nonce: '0x7',
      to: TO,
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
      maxPriorityFeePerGas: null,
      maxFeePerGas: null,
      value: '0x10',
      input: '0xdead',
      v: `0x${(CHAIN_ID * 2n + 35n + BigInt(parsed.signature!.yParity)).toString(16)}`,
      r: expect.stringMatching(/^0x[1-9a-f][0-9a-f]*$/),
      s: expect.stringMatching(/^0x[1-9a-f][0-9a-f]*$/),
      hash: parsed.hash,
    });
    // geth's field order (transaction_marshalling.go).
    expect(Object.keys(result.tx)).toEqual([
      'type',
      'chainId',
      'nonce',
      'to',
      'gas',
      'gasPrice',
      'maxPriorityFeePerGas',
      'maxFeePerGas',
      'value',
      'input',
      'v',
      'r',
      's',
      'hash',
    ]);
  });

  it('args: maxFeePerGas and maxPriorityFeePerGas make an EIP-1559 transaction', () => {
    const result = signed({ maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1', gasLimit: undefined });
    const parsed = Transaction.from(result.raw);
    expect(parsed.type).toBe(2);
    expect(parsed.from).toBe(wallet.address);
    expect(result.tx).toMatchObject({
      type: '0x2',
      gasPrice: null,
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x1',
      value: '0x0',
      input: '0x',
      accessList: [],
      v: `0x${parsed.signature!.yParity}`,
      yParity: `0x${parsed.signature!.yParity}`,
      hash: parsed.hash,
    });
  });

  it('args: an access list with gasPrice makes an EIP-2930 transaction', () => {
    const accessList = [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }];
    const result = signed({ gasPrice: '0x1', accessList });
    const parsed = Transaction.from(result.raw);
    expect(parsed.type).toBe(1);
    expect(parsed.accessList).toEqual([{ ...accessList[0], address: getAddress(TO) }]);
    expect(result.tx).toMatchObject({ type: '0x1', gasPrice: '0x1', maxFeePerGas: null, accessList });
  });

  it('args: gasLimit for gas, data for input, and a matching chainId', () => {
    const result = signed({
      gas: undefined,
      gasLimit: '0x5300',
      data: '0x01',
      chainId: '0x2328',
      gasPrice: '0x1',
    });
    expect(result.tx).toMatchObject({ gas: '0x5300', input: '0x01', chainId: '0x2328' });
  });

  it('args: no `to` with data is a contract creation', () => {
    const result = signed({ to: undefined, input: '0x6000', gasPrice: '0x1' });
    expect(result.tx.to).toBeNull();
    expect(Transaction.from(result.raw).to).toBeNull();
  });
});

describe(prepareTransaction.name, () => {
  it.each([
    [{ gas: undefined }, 'gas not specified'],
    [{}, 'missing gasPrice or maxFeePerGas/maxPriorityFeePerGas'],
    [{ maxFeePerGas: '0x1' }, 'missing gasPrice or maxFeePerGas/maxPriorityFeePerGas'],
    [{ gasPrice: '0x1', nonce: undefined }, 'nonce not specified'],
    [
      { gasPrice: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' },
      'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified',
    ],
    [{ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }, 'maxFeePerGas (1) < maxPriorityFeePerGas (2)'],
    [{ gasPrice: '0x1', to: undefined }, 'contract creation without any data provided'],
    [{ gasPrice: '0x1', chainId: '0x1' }, "chainId does not match node's (have=1, want=9000)"],
    [
      { gasPrice: '0x1', blobVersionedHashes: [`0x01${'00'.repeat(31)}`] },
      'blob transactions are not supported',
    ],
  ])('error: %j', (tx, message) => {
    expect(() => prepareTransaction(args(tx), CHAIN_ID)).toThrow(message);
  });
});

describe(checkTxFee.name, () => {
  it('error: more than 1 ether of fees, worded as geth', () => {
    expect(() =>
      checkTxFee(prepareTransaction(args({ gasPrice: '0xe8d4a51000', gas: '0x1e8480' }), CHAIN_ID)),
    ).toThrow('tx fee (2.00 ether) exceeds the configured cap (1.00 ether)');
    expect(() => checkTxFee(prepareTransaction(args({ gasPrice: '0x3b9aca00' }), CHAIN_ID))).not.toThrow();
  });
});
