// Params of web3_sha3(data).
import { Param } from '../param-index';
import { IsData } from '../validators';

/** web3_sha3(data): the bytes to hash. */
export class Web3Sha3Params {
  @Param(0) @IsData() data!: Uint8Array;
}
