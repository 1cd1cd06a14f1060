// Handlers of the eth account-state reads (balance, storage, nonce, code) at a block, EIP-1898 included.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  EthGetBalanceParams,
  EthGetCodeParams,
  EthGetStorageAtParams,
  EthGetStorageValuesParams,
  ClientLimitExceededError,
  InvalidParamsError,
  EthGetTransactionCountParams,
  decodeParams,
  encodeQuantity,
} from '@photon/codec';
import type { Hex } from '@photon/types';
import { getAddress, zeroPadValue } from 'ethers';
import { StateService } from './state.service';

/** geth's maxGetStorageSlots: slots one eth_getStorageValues may ask for, over all addresses. */
export const MAX_STORAGE_VALUES_SLOTS = 1_024;

@Injectable()
export class StateHandlers {
  constructor(private readonly state: StateService) {}

  /** Handler for eth_getBalance. */
  @RpcMethod('eth_getBalance')
  async getBalance(params: unknown): Promise<string> {
    const { address, block } = decodeParams(EthGetBalanceParams, params);
    return encodeQuantity(await this.state.balance(address as Hex, block));
  }

  /** Handler for eth_getStorageAt: always the full 32-byte word, as geth answers. */
  @RpcMethod('eth_getStorageAt')
  async getStorageAt(params: unknown): Promise<string> {
    const { address, slot, block } = decodeParams(EthGetStorageAtParams, params);
    return zeroPadValue(await this.state.storage(address as Hex, slot as Hex, block), 32);
  }

  /**
   * Handler for eth_getStorageValues (geth 1.16): every asked slot of every asked account at one block,
   * keyed by checksummed address (as geth's map[common.Address] encodes), values in the order asked.
   */
  @RpcMethod('eth_getStorageValues')
  async getStorageValues(params: unknown): Promise<Record<string, string[]>> {
    const { requests, block } = decodeParams(EthGetStorageValuesParams, params);
    const slots = [...requests.values()].reduce((sum, list) => sum + list.length, 0);
    if (slots > MAX_STORAGE_VALUES_SLOTS)
      throw new ClientLimitExceededError(`too many slots (max ${MAX_STORAGE_VALUES_SLOTS})`);
    if (slots === 0) throw new InvalidParamsError('empty request');
    const values = await this.state.storageValues(requests, block);
    return Object.fromEntries(
      [...values].map(([address, words]) => [
        getAddress(address),
        words.map((word) => zeroPadValue(word, 32)),
      ]),
    );
  }

  /** Handler for eth_getTransactionCount. */
  @RpcMethod('eth_getTransactionCount')
  async getTransactionCount(params: unknown): Promise<string> {
    const { address, block } = decodeParams(EthGetTransactionCountParams, params);
    return encodeQuantity(await this.state.nonce(address as Hex, block));
  }

  /** Handler for eth_getCode. */
  @RpcMethod('eth_getCode')
  async getCode(params: unknown): Promise<string> {
    const { address, block } = decodeParams(EthGetCodeParams, params);
    return this.state.code(address as Hex, block);
  }
}
