// Handlers of the eth account-state reads (balance, storage, nonce, code) at a block, EIP-1898 included.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  EthGetBalanceParams,
  EthGetCodeParams,
  EthGetStorageAtParams,
  EthGetTransactionCountParams,
  decodeParams,
  encodeQuantity,
} from '@photon/codec';
import type { Hex } from '@photon/types';
import { zeroPadValue } from 'ethers';
import { StateService } from './state.service';

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
