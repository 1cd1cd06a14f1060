// A decoded eth_call / eth_estimateGas transaction (and state overrides) as the JSON Ethermint's
// EthCallRequest carries: geth's TransactionArgs and StateOverride with hex QUANTITY/DATA values.
import { type AccountOverrideDto, type StateOverrides, type TransactionCallDto } from '@photon/codec';
import type { TransactionArgsJson } from '@photon/engine-client';
import { hexlify } from 'ethers';

const quantity = (value: bigint | undefined): string | undefined =>
  value === undefined ? undefined : `0x${value.toString(16)}`;

/** Fields left undefined are dropped by JSON.stringify, as Go leaves absent pointers nil. */
export function transactionArgs(tx: TransactionCallDto): TransactionArgsJson {
  const input = tx.input === undefined ? undefined : hexlify(tx.input);
  return {
    from: tx.from,
    to: tx.to,
    gas: quantity(tx.gas),
    gasPrice: quantity(tx.gasPrice),
    maxFeePerGas: quantity(tx.maxFeePerGas),
    maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas),
    value: quantity(tx.value),
    nonce: quantity(tx.nonce),
    // Both names: the maintained line reads `input` first, older Ethermint lines only `data`.
    input,
    data: input,
    accessList: tx.accessList?.map((entry) => ({ address: entry.address, storageKeys: entry.storageKeys })),
    chainId: quantity(tx.chainId),
  };
}

function accountOverride(account: AccountOverrideDto): Record<string, unknown> {
  const slots = (map: Map<string, string> | undefined) =>
    map === undefined ? undefined : Object.fromEntries(map);
  return {
    nonce: quantity(account.nonce),
    balance: quantity(account.balance),
    code: account.code === undefined ? undefined : hexlify(account.code),
    state: slots(account.state),
    stateDiff: slots(account.stateDiff),
  };
}

/** geth's override.StateOverride JSON: address → the account fields to replace for the call. */
export function stateOverridesJson(overrides: StateOverrides): Record<string, unknown> {
  return Object.fromEntries([...overrides].map(([address, account]) => [address, accountOverride(account)]));
}
