// Params of eth_getLogs and the polling-filter methods.
import { Param } from '../param-index';
import { IsNested, IsRpcId } from '../validators';
import { FILTER_GO_TYPE, FilterDto } from './objects/filter.dto';

/** eth_getLogs(filter). */
export class EthGetLogsParams {
  @Param(0) @IsNested(() => FilterDto, FILTER_GO_TYPE) filter!: FilterDto;
}

/** eth_newFilter(filter). */
export class EthNewFilterParams {
  @Param(0) @IsNested(() => FilterDto, FILTER_GO_TYPE) filter!: FilterDto;
}

/** eth_getFilterChanges(filterId). */
export class EthGetFilterChangesParams {
  @Param(0) @IsRpcId() filterId!: string;
}

/** eth_getFilterLogs(filterId). */
export class EthGetFilterLogsParams {
  @Param(0) @IsRpcId() filterId!: string;
}

/** eth_uninstallFilter(filterId). */
export class EthUninstallFilterParams {
  @Param(0) @IsRpcId() filterId!: string;
}
