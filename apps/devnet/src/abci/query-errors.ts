// The errors a query handler returns, modelled on Go's: plain errors, gRPC status errors and registered
// Cosmos SDK errors, mapped once to code/codespace/log as baseapp does (baseapp/abci.go gRPCErrorToSDKError).
import { type RegisteredError, SdkErrors } from '../evm';

/** The registered errors queries answer with (cosmos-sdk types/errors, cosmossdk.io/errors, x/staking). */
export const QueryErrors = {
  unauthorized: { codespace: 'sdk', code: 4, description: 'unauthorized' },
  unknownRequest: { codespace: 'sdk', code: 6, description: 'unknown request' },
  invalidAddress: { codespace: 'sdk', code: 7, description: 'invalid address' },
  unknownAddress: { codespace: 'sdk', code: 9, description: 'unknown address' },
  invalidRequest: SdkErrors.invalidRequest,
  keyNotFound: { codespace: 'sdk', code: 22, description: 'key not found' },
  invalidHeight: SdkErrors.invalidHeight,
  logic: { codespace: 'sdk', code: 35, description: 'internal logic error' },
  notSupported: SdkErrors.notSupported,
  panic: { codespace: 'undefined', code: 111222, description: 'panic' },
  noValidatorFound: { codespace: 'staking', code: 3, description: 'validator does not exist' },
} as const satisfies Record<string, RegisteredError>;

/** google.golang.org/grpc/codes, named as `codes.Code.String()` prints them. */
export enum GrpcCode {
  Unknown = 2,
  InvalidArgument = 3,
  NotFound = 5,
  FailedPrecondition = 9,
  Unimplemented = 12,
  Internal = 13,
  Unauthenticated = 16,
}

/**
 * A Go `error` a handler returned. `grpcCode` is what `status.FromError` finds in it: undefined for a plain
 * error (errors.New, fmt.Errorf, io.ErrUnexpectedEOF), the status code for a status error or an SDK error.
 */
export class GoError extends Error {
  constructor(
    message: string,
    readonly grpcCode?: GrpcCode,
  ) {
    super(message);
    this.name = 'GoError';
  }
}

/** A registered SDK error wrapped with messages (`errorsmod.Wrap`), outermost wrap first. */
export class SdkError extends GoError {
  constructor(
    readonly root: RegisteredError,
    ...wraps: string[]
  ) {
    // Registered errors carry codes.Unknown unless registered with another gRPC code; none here are.
    super([...wraps, root.description].join(': '), GrpcCode.Unknown);
    this.name = 'SdkError';
  }
}

/** `status.Error(code, desc)`: its Error() text is what the log then carries. */
export function statusError(code: GrpcCode, desc: string): GoError {
  return new GoError(`rpc error: code = ${GrpcCode[code]} desc = ${desc}`, code);
}

/** baseapp's gRPCErrorToSDKError: the registered error a handler's error is reported as. */
export function grpcErrorToSdkError(error: GoError): SdkError {
  switch (error.grpcCode) {
    case undefined:
    case GrpcCode.InvalidArgument:
    case GrpcCode.FailedPrecondition:
      return new SdkError(QueryErrors.invalidRequest, error.message);
    case GrpcCode.NotFound:
      return new SdkError(QueryErrors.keyNotFound, error.message);
    case GrpcCode.Unauthenticated:
      return new SdkError(QueryErrors.unauthorized, error.message);
    default:
      return new SdkError(QueryErrors.unknownRequest, error.message);
  }
}
