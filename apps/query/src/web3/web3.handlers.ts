// Handlers of the web3 namespace.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { NoParams, Web3Sha3Params, decodeParams } from '@photon/codec';
import { keccak256 } from 'ethers';
import { clientVersion } from './client-version';

@Injectable()
export class Web3Handlers {
  private readonly version = clientVersion();

  /** Handler for web3_clientVersion. */
  @RpcMethod('web3_clientVersion')
  clientVersion(params: unknown): string {
    decodeParams(NoParams, params);
    return this.version;
  }

  /** Handler for web3_sha3: Keccak-256 of the DATA bytes (not of their hex text). */
  @RpcMethod('web3_sha3')
  sha3(params: unknown): string {
    return keccak256(decodeParams(Web3Sha3Params, params).data);
  }
}
