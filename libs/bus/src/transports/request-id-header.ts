// How a call's request id crosses NATS: as a message header beside the body, so a service logs it
// before (or without) reading the body, and the body stays what it was.
import { type MsgHdrs, headers } from 'nats';
import type { CallContext } from '../handlers/call-context';
import { REQUEST_ID_HEADER } from './nats-subjects';

/**
 * The context as the body carries it (no request id), and the header that carries the id, if any (a
 * service calling another for a client's request passes that request's id in the context, as the tx
 * service does when it asks the keystore to sign a faucet send).
 */
export function splitRequestId(context: CallContext): [CallContext, MsgHdrs | undefined] {
  const { requestId, ...rest } = context;
  if (requestId === undefined) return [context, undefined];
  const carried = headers();
  carried.set(REQUEST_ID_HEADER, requestId);
  return [rest, carried];
}

/** The request id a message carries in its headers, if any. */
export function requestIdOf(headers: MsgHdrs | undefined): string | undefined {
  const id = headers?.get(REQUEST_ID_HEADER);
  return id === undefined || id === '' ? undefined : id;
}
