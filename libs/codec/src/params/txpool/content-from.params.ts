// Params of txpool_contentFrom(address): the one sender whose pool transactions to list.
import { Param } from '../param-index';
import { IsAddress } from '../validators';

/** txpool_contentFrom(address). */
export class TxpoolContentFromParams {
  @Param(0) @IsAddress() address!: string;
}
