// abci_query: Ethermint's gRPC query services (evm, feemarket, auth) answered at any height.
import { abciQuery } from '../abci';
import type { Route } from '../rpc/route';
import type { DevnetContext } from './devnet-context';
import { bytesArg, intArg, stringArg } from './heights';

export function abciRoutes(ctx: DevnetContext): Route[] {
  return [
    {
      name: 'abci_query',
      args: [
        { name: 'path', kind: 'string' },
        { name: 'data', kind: 'hexbytes' },
        { name: 'height', kind: 'int' },
        { name: 'prove', kind: 'bool' },
      ],
      handle: (args) =>
        abciQuery(
          ctx.evm,
          {
            path: stringArg(args['path']) ?? '',
            data: bytesArg(args['data']) ?? new Uint8Array(),
            height: intArg(args['height']) ?? 0n,
            prove: args['prove'] === true,
          },
          { validatorAddress: ctx.validator.address, validatorAccount: ctx.coinbase },
        ),
    },
  ];
}
