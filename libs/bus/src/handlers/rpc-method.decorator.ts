// Marks a provider method as the handler of one wire method. Typed by the method table, so a
// handler for a renamed or unknown method does not compile. Internal methods (service to service) too.
import { SetMetadata } from '@nestjs/common';
import type { InternalMethodName, MethodName } from '@photon/types';

export const RPC_METHOD_METADATA = 'photon:rpc-method';

export const RpcMethod = (method: MethodName | InternalMethodName): MethodDecorator =>
  SetMetadata(RPC_METHOD_METADATA, method);
