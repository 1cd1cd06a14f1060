import { InvalidInputError } from '@photon/codec';
import { checkTxError, isAlreadyInCache } from './check-tx-errors';

// The logs exactly as the devnet's ante handler (Ethermint's) answers them.
const sdk = (code: number, log: string) => ({ code, codespace: 'sdk', log });

describe(checkTxError.name, () => {
  it.each([
    [sdk(3, 'invalid nonce; got 0, expected 2: invalid sequence'), 'nonce too low: next nonce 2, tx nonce 0'],
    [
      sdk(3, 'invalid nonce; got 7, expected 2: invalid sequence'),
      'nonce too high: next nonce 2, tx nonce 7',
    ],
    [
      sdk(5, 'failed to check sender balance: sender balance < tx cost (10 < 21001): insufficient funds'),
      'insufficient funds for gas * price + value: balance 10, tx cost 21001, overshot 20991',
    ],
    [
      sdk(
        13,
        'provided fee < minimum global fee (21000.000000000000000000 < 42000.000000000000000000). Please increase the priority tip (for EIP-1559 txs) or the gas prices (for access list or legacy txs): insufficient fee',
      ),
      'transaction underpriced',
    ],
    [
      sdk(
        13,
        'replacement transaction underpriced: fee cap 105 and tip 105, need at least 110 and 110 (10 % above pending tx 0xab): insufficient fee',
      ),
      'replacement transaction underpriced',
    ],
    [
      sdk(13, 'max fee per gas less than block base fee (7 < 8): insufficient fee'),
      'max fee per gas less than block base fee: maxFeePerGas: 7, baseFee: 8',
    ],
    [
      sdk(
        11,
        'failed to verify the fees: gas limit too low: 20000 (gas limit) < 21000 (intrinsic gas): out of gas',
      ),
      'intrinsic gas too low: gas 20000, minimum needed 21000',
    ],
    [sdk(11, 'tx gas (99) exceeds block gas limit (9): out of gas'), 'exceeds block gas limit'],
    [sdk(19, 'tx already in mempool'), 'already known'],
    [sdk(20, 'mempool is full: number of txs 5000 (max: 5000): mempool is full'), 'txpool is full'],
    [
      sdk(
        24,
        'signature verification failed: invalid chain id for signer: have 1 want 9000: tx intended signer does not match the given signer',
      ),
      'invalid chain id for signer: have 1 want 9000',
    ],
    [
      sdk(29, 'the sender is not EOA: address 0xAb, codeHash <0x12>: invalid type'),
      'sender not an eoa: address 0xAb, codehash: 0x12',
    ],
    [
      sdk(
        37,
        'rejected unprotected Ethereum transaction. Please EIP155 sign your transaction to protect it against replay-attacks: feature not supported',
      ),
      'only replay-protected (EIP-155) transactions allowed over RPC',
    ],
  ])('default: %j → geth wording', (refusal, message) => {
    const error = checkTxError(refusal);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.toErrorObject()).toEqual({ code: -32000, message });
  });

  it('behavior: an unknown refusal keeps the engine log', () => {
    expect(checkTxError(sdk(2, 'tx parse error')).message).toBe('tx parse error');
    expect(checkTxError({ code: 3, codespace: 'evm', log: 'execution reverted' }).message).toBe(
      'execution reverted',
    );
  });
});

describe(isAlreadyInCache.name, () => {
  it('default: CometBFT cache refusal', () => {
    expect(isAlreadyInCache('Internal error tx already exists in cache')).toBe(true);
    expect(isAlreadyInCache('Internal error mempool is full')).toBe(false);
  });
});
