// Params DTOs and their decoder: raw JSON-RPC `params` in, a validated and typed DTO out, or an
// InvalidParamsError with geth's wording.
export { decodeParams } from './decode-params';
export { decodeObject, type AfterDecode } from './decode-object';
export { Param, paramSpecs, type ParamOptions, type ParamSpec } from './param-index';
export { CodecField, type FieldCodec } from './codec-field';
export { AgreesWith, ExcludesFields } from './cross-field';
export * from './validators';
export { NoParams } from './no-params';
export { PARAMS_DTOS, findParamsDto, isParamsMethod, type ParamsMethod, type ParamsOf } from './registry';
export * from './web3';
export * from './eth';
export * from './personal';
export * from './txpool';
export * from './debug';
