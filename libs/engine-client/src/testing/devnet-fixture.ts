// The recorded devnet scenario (scripts/record-devnet-fixture.mjs) and typed access to its exchanges.
import { type Hex } from '@photon/types';
import { readFixture } from './fixtures';
import { type RecordedExchange } from './replay-engine';

export interface DevnetScenario {
  readonly chainId: string;
  readonly cometVersion: string;
  readonly creationHeight: string;
  readonly height: string;
  readonly futureHeight: string;
  readonly contract: Hex;
  readonly pingTopic: Hex;
  readonly accounts: {
    readonly deployer: Hex;
    readonly legacy: Hex;
    readonly accessList: Hex;
    readonly payer: Hex;
  };
  readonly txs: {
    readonly creation: Hex;
    readonly log: Hex;
    readonly revert: Hex;
    readonly legacyTransfer: Hex;
    readonly accessListLog: Hex;
    readonly dynamicTransfer: Hex;
  };
  readonly pending: Hex;
}

export interface DevnetFixture {
  readonly scenario: DevnetScenario;
  readonly exchanges: readonly RecordedExchange[];
}

export const DEVNET = readFixture('devnet/devnet-0.38.json') as DevnetFixture;

/** The recorded `result` of `method` with exactly `params`. */
export function devnetResult(method: string, params: Record<string, unknown>): unknown {
  const key = JSON.stringify(params);
  const found = DEVNET.exchanges.find((e) => e.method === method && JSON.stringify(e.params) === key);
  if (found?.response.result === undefined) throw new Error(`no recorded result for ${method} ${key}`);
  return found.response.result;
}
