import { InvalidInputError, RpcError } from '@photon/codec';
import { Wallet, getBytes } from 'ethers';
import { SendRawTransactionCommand } from './send-raw-transaction.command';
import { intrinsicGas } from './intrinsic-gas';

const wallet = new Wallet('0x' + '11'.repeat(32));
const rules = { chainId: 9000n, allowUnprotectedTxs: false };
const base = {
  type: 0,
  nonce: 0,
  to: '0x' + 'be'.repeat(20),
  value: 1n,
  gasLimit: 21_000n,
  gasPrice: 10n ** 9n,
};

async function messageOf(tx: Record<string, unknown>, given = rules): Promise<string> {
  const raw = getBytes(await wallet.signTransaction(tx));
  try {
    SendRawTransactionCommand.create(raw, given);
  } catch (error) {
    if (error instanceof RpcError) {
      expect(error).toBeInstanceOf(InvalidInputError);
      return error.message;
    }
    throw error;
  }
  return 'accepted';
}

describe(SendRawTransactionCommand.name, () => {
  it('default: a protected legacy tx gives its hash and sender', async () => {
    const signed = await wallet.signTransaction({ ...base, chainId: 9000n });
    const command = SendRawTransactionCommand.create(getBytes(signed), rules);
    expect(command.sender).toBe(wallet.address.toLowerCase());
    expect(command.hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('default: EIP-1559 and EIP-2930 txs pass', async () => {
    expect(
      await messageOf({
        ...base,
        type: 2,
        chainId: 9000n,
        gasPrice: undefined,
        maxFeePerGas: 10n ** 9n,
        maxPriorityFeePerGas: 1n,
      }),
    ).toBe('accepted');
    expect(await messageOf({ ...base, type: 1, chainId: 9000n, accessList: [] })).toBe('accepted');
  });

  it('error: unprotected legacy txs need --allow-unprotected-txs', async () => {
    expect(await messageOf({ ...base, chainId: 0n })).toBe(
      'only replay-protected (EIP-155) transactions allowed over RPC',
    );
    expect(await messageOf({ ...base, chainId: 0n }, { ...rules, allowUnprotectedTxs: true })).toBe(
      'accepted',
    );
  });

  it('error: another chain id', async () => {
    expect(await messageOf({ ...base, chainId: 1n })).toBe('invalid chain id for signer: have 1 want 9000');
  });

  it('error: a fee over 1 ether', async () => {
    expect(
      await messageOf({ ...base, chainId: 9000n, gasPrice: 10n ** 14n, gasLimit: 15_000n + 21_000n }),
    ).toBe('tx fee (3.60 ether) exceeds the configured cap (1.00 ether)');
  });

  it('error: less gas than the intrinsic gas', async () => {
    expect(await messageOf({ ...base, chainId: 9000n, gasLimit: 21_000n, data: '0x0001' })).toBe(
      'intrinsic gas too low: gas 21000, minimum needed 21020',
    );
  });

  it('error: bytes that are no transaction', () => {
    expect(() => SendRawTransactionCommand.create(new Uint8Array([0xc0]), rules)).toThrow(
      /^invalid transaction/,
    );
  });
});

describe(intrinsicGas.name, () => {
  it('default: transfer, creation, data and access list costs', () => {
    expect(intrinsicGas({ to: '0x' + '00'.repeat(20), data: '0x', accessList: null })).toBe(21_000n);
    expect(intrinsicGas({ to: null, data: '0x00ff', accessList: null })).toBe(53_020n);
    expect(
      intrinsicGas({
        to: '0x' + '00'.repeat(20),
        data: '0x',
        accessList: [{ address: '0x' + '00'.repeat(20), storageKeys: ['0x' + '00'.repeat(32)] }],
      }),
    ).toBe(21_000n + 2_400n + 1_900n);
  });
});
