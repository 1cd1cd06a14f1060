// Runs one JSON-RPC request object against the route table, as CometBFT's JSON handler does:
// notifications get nothing, unknown and websocket-only methods -32601, bad arguments -32602,
// handler failures -32603 with the reason in `data`.
import { ArgError, argsFromJson } from './decode-args';
import type { Route, RouteContext } from './route';
import {
  type CometRpcResponse,
  type RpcId,
  internalError,
  invalidParams,
  invalidRequest,
  methodNotFound,
  success,
} from '@photon/ethermint-wire';

export class RouteDispatcher {
  private readonly routes = new Map<string, Route>();

  constructor(routes: readonly Route[]) {
    this.add(routes);
  }

  /** Adds routes; a name already taken is a programming error. */
  add(routes: readonly Route[]): void {
    for (const route of routes) {
      if (this.routes.has(route.name)) throw new Error(`route ${route.name} registered twice`);
      this.routes.set(route.name, route);
    }
  }

  names(): string[] {
    return [...this.routes.keys()].sort();
  }

  find(name: string): Route | undefined {
    return this.routes.get(name);
  }

  /** One request object; undefined for a notification. */
  async dispatch(
    request: unknown,
    context: RouteContext,
    overWebsocket: boolean,
  ): Promise<CometRpcResponse | undefined> {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return invalidRequest(null, 'request must be an object');
    }
    const { id, method, params, jsonrpc } = request as Record<string, unknown>;
    if (id === undefined || id === null) return undefined;
    if (typeof id !== 'string' && !(typeof id === 'number' && Number.isInteger(id))) {
      return invalidRequest(null, `json-rpc ID (${JSON.stringify(id)}) is of unknown type`);
    }
    if (jsonrpc !== '2.0') return invalidRequest(id, `jsonrpc must be 2.0, got ${JSON.stringify(jsonrpc)}`);
    const route = typeof method === 'string' ? this.routes.get(method) : undefined;
    if (route === undefined || (route.websocketOnly === true && !overWebsocket)) return methodNotFound(id);
    return this.run(route, id, () => argsFromJson(route.args, params), context);
  }

  /** `params` names where the arguments came from, as CometBFT's error text does (URI calls: http). */
  async run(
    route: Route,
    id: RpcId,
    decode: () => ReturnType<typeof argsFromJson>,
    context: RouteContext,
    params: 'json' | 'http' = 'json',
  ) {
    let args;
    try {
      args = decode();
    } catch (error) {
      if (error instanceof ArgError) {
        return invalidParams(id, `error converting ${params} params to arguments: ${error.message}`);
      }
      throw error;
    }
    try {
      return success(id, await route.handle(args, context));
    } catch (error) {
      return internalError(id, error instanceof Error ? error.message : String(error));
    }
  }
}
