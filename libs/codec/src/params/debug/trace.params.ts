// Params of the debug_trace* methods: geth's tracers.TraceConfig (tracer, timeout, the struct logger's
// switches, the tracer's own `tracerConfig` object) and debug_traceCall's TraceCallConfig (with state and
// block overrides), read with Go's encoding/json wording.
import { IsOptional } from 'class-validator';
import { CodecError } from '../../primitives/codec-error';
import type { BlockNumberOrTag, BlockParam } from '../../primitives';
import { BlockOverridesDto, IsStateOverrides, type StateOverrides, TransactionCallDto } from '../eth/objects';
import { Param } from '../param-index';
import {
  IsAddress,
  IsBlockNumberOrTag,
  IsBlockParam,
  IsBool,
  IsDecodedBy,
  IsHash32,
  IsNested,
  IsQuantity,
  IsString,
  IsUint64Number,
} from '../validators';

const TRANSACTION_GO_TYPE = 'ethapi.TransactionArgs';
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** A JSON number that fits Go's `int` (the struct logger's `limit`; Ethermint carries it as int32). */
function decodeInt(input: unknown): number {
  if (typeof input !== 'number') throw CodecError.wrongKind(input, 'int');
  if (!Number.isInteger(input) || input < INT_MIN || input > INT_MAX) {
    throw new CodecError(`json: cannot unmarshal number ${input} into Go value of type int`);
  }
  return input;
}

/** `tracerConfig`: any JSON object, handed to the tracer as text (geth's json.RawMessage). */
function decodeTracerConfig(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw CodecError.wrongKind(input, 'json.RawMessage');
  }
  return input as Record<string, unknown>;
}

export class TraceConfigDto {
  @IsOptional() @IsString() tracer?: string;
  @IsOptional() @IsString() timeout?: string;
  @IsOptional() @IsUint64Number() reexec?: bigint;
  @IsOptional() @IsBool() disableStack?: boolean;
  @IsOptional() @IsBool() disableStorage?: boolean;
  @IsOptional() @IsBool() enableMemory?: boolean;
  @IsOptional() @IsBool() enableReturnData?: boolean;
  @IsOptional() @IsBool() debug?: boolean;
  @IsOptional() @IsDecodedBy('isInt', decodeInt) limit?: number;
  @IsOptional() @IsDecodedBy('isTracerConfig', decodeTracerConfig) tracerConfig?: Record<string, unknown>;
}

/**
 * debug_traceCall's block overrides: the execution-apis names, and the names of Ethermint's BlockOverrides
 * (geth 1.11's, untagged: `coinbase`, `random`, `baseFee`, `difficulty`), which its clients and its own
 * integration tests send. Where both name a field, the execution-apis name wins.
 */
export class TraceBlockOverridesDto extends BlockOverridesDto {
  @IsOptional() @IsAddress() coinbase?: string;
  @IsOptional() @IsHash32() random?: string;
  @IsOptional() @IsQuantity({ bits: 256 }) baseFee?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) difficulty?: bigint;
}

export class TraceCallConfigDto extends TraceConfigDto {
  @IsOptional() @IsStateOverrides() stateOverrides?: StateOverrides;
  @IsOptional()
  @IsNested(() => TraceBlockOverridesDto, 'override.BlockOverrides')
  blockOverrides?: TraceBlockOverridesDto;
}

/** debug_traceTransaction(hash, config?). */
export class DebugTraceTransactionParams {
  @Param(0) @IsHash32() transactionHash!: string;
  @Param(1, { optional: true })
  @IsNested(() => TraceConfigDto, 'tracers.TraceConfig')
  config?: TraceConfigDto;
}

/** debug_traceBlockByNumber(block, config?). */
export class DebugTraceBlockByNumberParams {
  @Param(0) @IsBlockNumberOrTag() block!: BlockNumberOrTag;
  @Param(1, { optional: true })
  @IsNested(() => TraceConfigDto, 'tracers.TraceConfig')
  config?: TraceConfigDto;
}

/** debug_traceBlockByHash(hash, config?). */
export class DebugTraceBlockByHashParams {
  @Param(0) @IsHash32() blockHash!: string;
  @Param(1, { optional: true })
  @IsNested(() => TraceConfigDto, 'tracers.TraceConfig')
  config?: TraceConfigDto;
}

/** debug_traceCall(transaction, block?, config?). */
export class DebugTraceCallParams {
  @Param(0) @IsNested(() => TransactionCallDto, TRANSACTION_GO_TYPE) transaction!: TransactionCallDto;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
  @Param(2, { optional: true })
  @IsNested(() => TraceCallConfigDto, 'tracers.TraceCallConfig')
  config?: TraceCallConfigDto;
}
