// geth's TraceConfig (and TraceCallConfig) as Ethermint's wire TraceConfig: `tracerConfig` as JSON text, the
// call's state and block overrides as JSON bytes (the field names Ethermint's StateOverride and
// BlockOverrides unmarshal).
import type { TraceBlockOverridesDto, TraceCallConfigDto, TraceConfigDto } from '@photon/codec';
import { TraceConfig } from '@photon/ethermint-wire';
import { stateOverridesJson } from '../execution/call-args';

const json = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
const quantity = (value: bigint | undefined): string | undefined =>
  value === undefined ? undefined : `0x${value.toString(16)}`;

/**
 * Ethermint's rpc/types.BlockOverrides JSON (`coinbase`, `random`, `baseFee`: the execution-apis names, which
 * win over Ethermint's own when a request has both, differ). Ethermint has no `blobBaseFee`: sent, unread.
 */
function blockOverridesJson(overrides: TraceBlockOverridesDto): Record<string, unknown> | undefined {
  const out = {
    number: quantity(overrides.number),
    difficulty: quantity(overrides.difficulty),
    time: quantity(overrides.time),
    gasLimit: quantity(overrides.gasLimit),
    coinbase: overrides.feeRecipient ?? overrides.coinbase,
    random:
      overrides.prevRandao === undefined
        ? overrides.random
        : `0x${overrides.prevRandao.toString(16).padStart(64, '0')}`,
    baseFee: quantity(overrides.baseFeePerGas ?? overrides.baseFee),
    blobBaseFee: quantity(overrides.blobBaseFee),
  };
  return Object.values(out).some((value) => value !== undefined) ? out : undefined;
}

export function wireTraceConfig(config: TraceConfigDto | TraceCallConfigDto | undefined): TraceConfig {
  if (config === undefined) return TraceConfig.fromPartial({});
  const call = config as TraceCallConfigDto;
  const blockOverrides =
    call.blockOverrides === undefined ? undefined : blockOverridesJson(call.blockOverrides);
  return TraceConfig.fromPartial({
    tracer: config.tracer ?? '',
    timeout: config.timeout ?? '',
    reexec: config.reexec ?? 0n,
    disableStack: config.disableStack ?? false,
    disableStorage: config.disableStorage ?? false,
    enableMemory: config.enableMemory ?? false,
    enableReturnData: config.enableReturnData ?? false,
    debug: config.debug ?? false,
    limit: config.limit ?? 0,
    tracerJsonConfig: config.tracerConfig === undefined ? '' : JSON.stringify(config.tracerConfig),
    stateOverrides:
      call.stateOverrides === undefined || call.stateOverrides.size === 0
        ? new Uint8Array()
        : json(stateOverridesJson(call.stateOverrides)),
    blockOverrides: blockOverrides === undefined ? new Uint8Array() : json(blockOverrides),
  });
}
