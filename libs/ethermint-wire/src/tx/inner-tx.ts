// The older layout's transaction payloads: ethers Transaction ↔ Any(LegacyTx | AccessListTx | DynamicFeeTx),
// filled the way Ethermint's newLegacyTx/newAccessListTx/newDynamicFeeTx did (x/evm/types/*_tx.go, v0.22).
import { type Any } from 'cosmjs-types/google/protobuf/any';
import {
  type AccessList,
  Signature,
  Transaction,
  type TransactionLike,
  getBytes,
  getNumber,
  hexlify,
  toBeArray,
  toBeHex,
  toBigInt,
  zeroPadValue,
} from 'ethers';
import { EthermintWireError, wireGuard } from '../errors';
import { AccessListTx, type AccessTuple, DynamicFeeTx, LegacyTx } from '../messages/evm-tx';

/** Packs a signed type 0, 1 or 2 transaction the way the older layout stores it. */
export function innerTxFromEthers(tx: Transaction): Any {
  const sig = tx.signature;
  if (sig === null) throw new EthermintWireError('invalid-ethereum-tx', 'transaction is not signed');
  // go-ethereum keeps big.Int.Bytes(): big-endian without leading zeros, empty for 0.
  const r = toBeArray(sig.r);
  const s = toBeArray(sig.s);
  const common = {
    nonce: BigInt(tx.nonce),
    gas: tx.gasLimit,
    // common.Address.Hex(): EIP-55 checksummed, which is what ethers returns.
    to: tx.to ?? '',
    value: tx.value.toString(),
    data: getBytes(tx.data),
    r,
    s,
  };
  switch (tx.type) {
    case 0: {
      // RawSignatureValues of a legacy tx: the EIP-155 v when protected, else 27/28.
      const v = tx.chainId === 0n ? BigInt(sig.v) : Signature.getChainIdV(tx.chainId, sig.v);
      return LegacyTx.toAny({ ...common, gasPrice: (tx.gasPrice ?? 0n).toString(), v: toBeArray(v) });
    }
    case 1:
      return AccessListTx.toAny({
        ...common,
        chainId: tx.chainId.toString(),
        gasPrice: (tx.gasPrice ?? 0n).toString(),
        accesses: accessTuples(tx.accessList),
        v: toBeArray(sig.yParity),
      });
    case 2:
      return DynamicFeeTx.toAny({
        ...common,
        chainId: tx.chainId.toString(),
        gasTipCap: (tx.maxPriorityFeePerGas ?? 0n).toString(),
        gasFeeCap: (tx.maxFeePerGas ?? 0n).toString(),
        accesses: accessTuples(tx.accessList),
        v: toBeArray(sig.yParity),
      });
    default:
      throw new EthermintWireError('unsupported-tx-type', `the legacy layout cannot carry type ${tx.type}`);
  }
}

/** Rebuilds the signed ethers Transaction from an older-layout payload. */
export function ethersFromInnerTx(data: Any): Transaction {
  switch (data.typeUrl) {
    case LegacyTx.typeUrl: {
      const m = LegacyTx.decode(data.value);
      const v = toBigInt(m.v);
      return build(() => ({
        type: 0,
        // 0 for 27/28 (unprotected), else (v - 35) / 2; throws for any other v.
        chainId: Signature.getChainId(v),
        nonce: getNumber(m.nonce),
        gasPrice: decimal(m.gasPrice, 'gasPrice'),
        gasLimit: m.gas,
        to: m.to === '' ? null : m.to,
        value: decimal(m.value, 'value'),
        data: hexlify(m.data),
        signature: Signature.from({ r: word(m.r), s: word(m.s), v }),
      }));
    }
    case AccessListTx.typeUrl: {
      const m = AccessListTx.decode(data.value);
      return build(() => ({
        type: 1,
        chainId: decimal(m.chainId, 'chainId'),
        nonce: getNumber(m.nonce),
        gasPrice: decimal(m.gasPrice, 'gasPrice'),
        gasLimit: m.gas,
        to: m.to === '' ? null : m.to,
        value: decimal(m.value, 'value'),
        data: hexlify(m.data),
        accessList: ethersAccessList(m.accesses),
        signature: Signature.from({ r: word(m.r), s: word(m.s), yParity: parity(m.v) }),
      }));
    }
    case DynamicFeeTx.typeUrl: {
      const m = DynamicFeeTx.decode(data.value);
      return build(() => ({
        type: 2,
        chainId: decimal(m.chainId, 'chainId'),
        nonce: getNumber(m.nonce),
        maxPriorityFeePerGas: decimal(m.gasTipCap, 'gasTipCap'),
        maxFeePerGas: decimal(m.gasFeeCap, 'gasFeeCap'),
        gasLimit: m.gas,
        to: m.to === '' ? null : m.to,
        value: decimal(m.value, 'value'),
        data: hexlify(m.data),
        accessList: ethersAccessList(m.accesses),
        signature: Signature.from({ r: word(m.r), s: word(m.s), yParity: parity(m.v) }),
      }));
    }
    default:
      throw new EthermintWireError('unsupported-tx-type', `MsgEthereumTx.data has type ${data.typeUrl}`);
  }
}

function build(fields: () => TransactionLike<string>): Transaction {
  return wireGuard('invalid-ethereum-tx', 'rebuilding the transaction', () => {
    const tx = Transaction.from(fields());
    // Serializing validates the whole transaction (value ranges, signature against chain id).
    void tx.serialized;
    return tx;
  });
}

function accessTuples(list: AccessList | null): AccessTuple[] {
  return (list ?? []).map(({ address, storageKeys }) => ({ address, storageKeys: [...storageKeys] }));
}

function ethersAccessList(tuples: AccessTuple[]): AccessList {
  // Ethermint stores full 32-byte keys; short ones are left-padded as common.HexToHash does.
  return tuples.map(({ address, storageKeys }) => ({
    address,
    storageKeys: storageKeys.map((key) => zeroPadValue(key, 32)),
  }));
}

/** A math.Int field as bigint; "" is Go's nil Int, read as 0 like go-ethereum reads a nil big.Int. */
function decimal(value: string, field: string): bigint {
  if (value === '') return 0n;
  if (!/^[0-9]+$/.test(value)) {
    throw new EthermintWireError(
      'invalid-ethereum-tx',
      `${field}: ${JSON.stringify(value)} is not a decimal integer`,
    );
  }
  return BigInt(value);
}

/** A big-endian minimal signature scalar as the 32-byte hex ethers expects. */
function word(bytes: Uint8Array): string {
  return toBeHex(toBigInt(bytes), 32);
}

function parity(v: Uint8Array): 0 | 1 {
  const value = toBigInt(v);
  if (value !== 0n && value !== 1n) {
    throw new EthermintWireError('invalid-ethereum-tx', `y-parity must be 0 or 1, got ${value}`);
  }
  return value === 0n ? 0 : 1;
}
