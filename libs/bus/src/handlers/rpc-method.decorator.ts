// Marks a provider method as the handler of one wire method. Typed by the method table, so a
// handler for a renamed or unknown method does not compile.
import { SetMetadata } from '@nestjs/common';
import type { MethodName } from '@photon/types';

export const RPC_METHOD_METADATA = 'photon:rpc-method';

export const RpcMethod = (method: MethodName): MethodDecorator => SetMetadata(RPC_METHOD_METADATA, method);
