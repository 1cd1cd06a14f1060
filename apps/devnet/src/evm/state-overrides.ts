// State overrides of eth_call / eth_estimateGas (EthCallRequest.overrides, geth's StateOverride.Apply as
// Ethermint's rpc/types copies it): written into a query machine's state inside a checkpoint that the call's
// end reverts, so nothing reaches a committed height or the next call.
import { Account, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import { getAddress } from 'ethers';
import type { QueryMachine } from './call';
import { EvmCallError } from './errors';
import type { QueryStateManager } from './query-state';
import type { StateOverride } from './types';

/**
 * Runs `run` on `machine` with `overrides` in its state. The machine is not given back to the pool after an
 * overridden call: a `state` override empties an account's storage outside the caches' checkpoints, and the
 * committed reads a query state refills after a revert would then carry overridden values into later calls.
 */
export async function withStateOverride<T>(
  machine: QueryMachine,
  overrides: StateOverride | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (overrides === undefined || overrides.size === 0) return run();
  const state = machine.state;
  state.spoil();
  await state.checkpoint();
  try {
    await applyStateOverride(state, overrides);
    return await run();
  } finally {
    await state.revert();
  }
}

/**
 * Ethermint's StateOverride.Apply: per account nonce, code, balance, then the storage (`state` replaces it
 * all, `stateDiff` only the slots given; both at once is refused with geth's words, wrapped as
 * ApplyMessageWithConfig wraps them).
 */
export async function applyStateOverride(state: QueryStateManager, overrides: StateOverride): Promise<void> {
  for (const [hex, account] of overrides) {
    const address = createAddressFromString(hex);
    if (account.nonce !== undefined) await state.modifyAccountFields(address, { nonce: account.nonce });
    if (account.code !== undefined) await state.putCode(address, account.code);
    if (account.balance !== undefined) await state.modifyAccountFields(address, { balance: account.balance });
    if (account.state !== undefined && account.stateDiff !== undefined) {
      throw new EvmCallError(
        `failed to apply state override: account ${getAddress(hex)} has both 'state' and 'stateDiff'`,
      );
    }
    const slots = account.state ?? account.stateDiff;
    if (slots === undefined) continue;
    // StateDB.SetState creates the account it writes to; ethereumjs refuses to write to a missing one.
    if ((await state.getAccount(address)) === undefined) await state.putAccount(address, new Account());
    if (account.state !== undefined) await state.clearStorage(address);
    for (const [slot, value] of slots) await state.putStorage(address, hexToBytes(slot), hexToBytes(value));
  }
}
