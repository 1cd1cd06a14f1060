// Params of eth_subscribe(kind, options?) and eth_unsubscribe(id). What `options` may be depends
// on the kind, as in geth: a filter for logs, a full-transactions flag for pending transactions,
// nothing for newHeads and syncing (then a second argument is "too many arguments").
import { CodecError, decodeBool, decodeString } from '../../primitives';
import { decodeObject } from '../decode-object';
import { Param } from '../param-index';
import { IsDecodedBy, IsRpcId } from '../validators';
import { FILTER_GO_TYPE, FilterDto } from './objects/filter.dto';

export const SUBSCRIPTION_KINDS = ['newHeads', 'logs', 'newPendingTransactions', 'syncing'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

const KINDS_WITHOUT_OPTIONS: readonly unknown[] = ['newHeads', 'syncing'];

export function decodeSubscriptionKind(input: unknown): SubscriptionKind {
  const kind = decodeString(input);
  const known = SUBSCRIPTION_KINDS.find((candidate) => candidate === kind);
  if (known === undefined) throw new CodecError(`no ${JSON.stringify(kind)} subscription in eth namespace`);
  return known;
}

// `object` still holds the raw kind; an unknown kind fails on its own at index 0, which comes first.
function decodeOptions(value: unknown, object: object): FilterDto | boolean {
  const kind = (object as { kind?: unknown }).kind;
  return kind === 'logs' ? decodeObject(FilterDto, value, FILTER_GO_TYPE) : decodeBool(value);
}

/** eth_subscribe(kind, options?): a FilterDto for logs (absent: all logs), a boolean for newPendingTransactions. */
export class EthSubscribeParams {
  @Param(0)
  @IsDecodedBy('isSubscriptionKind', (value) => decodeSubscriptionKind(value))
  kind!: SubscriptionKind;
  @Param(1, { optional: true, acceptedWhen: (params) => !KINDS_WITHOUT_OPTIONS.includes(params[0]) })
  @IsDecodedBy('isSubscriptionOptions', decodeOptions)
  options?: FilterDto | boolean;
}

/** eth_unsubscribe(subscriptionId). */
export class EthUnsubscribeParams {
  @Param(0) @IsRpcId() subscriptionId!: string;
}
