// The log filter object of eth_getLogs, eth_newFilter and eth_subscribe("logs"), read as geth's
// filters.FilterCriteria is: a block range or a block hash, addresses, and positional topics.
import { IsOptional } from 'class-validator';
import type { BlockNumberOrTag, FilterTopics } from '../../../primitives';
import { ExcludesFields } from '../../cross-field';
import { IsBlockNumberOrTag, IsFilterAddress, IsFilterTopics, IsHash32 } from '../../validators';

export const FILTER_GO_TYPE = 'filters.FilterCriteria';

export class FilterDto {
  /** Absent: latest. */
  @IsOptional() @IsBlockNumberOrTag() fromBlock?: BlockNumberOrTag;
  /** Absent: latest. */
  @IsOptional() @IsBlockNumberOrTag() toBlock?: BlockNumberOrTag;
  @IsOptional()
  @IsHash32()
  @ExcludesFields(
    ['fromBlock', 'toBlock'],
    'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
  )
  blockHash?: string;
  /** Lowercase addresses any of which a log must come from; absent: any address. */
  @IsOptional() @IsFilterAddress() address?: string[];
  /** Per position the accepted topics, or null for any; absent: any topics. */
  @IsOptional() @IsFilterTopics() topics?: FilterTopics;
}
