// photon_faucet's rules without an engine: what it sends and how it signs, when the cooldown is taken
// and when it is given back, and which failures become which refusal. The send path is a stand-in.
import { InvalidInputError, InvalidParamsError, RpcError } from '@photon/codec';
import { MemoryFaucetCooldowns } from '@photon/store';
import { faucetRefusalOf } from '@photon/types';
import type { SendTransactionCommand } from '../send-transaction/send-transaction.command';
import type { SendTransactionUseCase } from '../send-transaction/send-transaction.usecase';
import type { FaucetSettings, TxOptions } from '../tx-options';
import { FaucetCommand } from './faucet.command';
import { FaucetUseCase } from './faucet.usecase';

const KEY = `0x${'aa'.repeat(20)}`;
const TO = `0x${'BB'.repeat(20)}`;
const OTHER = `0x${'cc'.repeat(20)}`;
const HASH = `0x${'22'.repeat(32)}`;
const HOUR = 3_600_000;

function faucetWith(outcomes: (string | Error)[], settings: Partial<FaucetSettings> | null = {}) {
  const sent: SendTransactionCommand[] = [];
  const cooldowns = new MemoryFaucetCooldowns();
  const faucet =
    settings === null ? null : { key: KEY, amount: 10n ** 18n, cooldownMs: HOUR, cooldowns, ...settings };
  const useCase = new FaucetUseCase(
    {
      execute: (command: SendTransactionCommand) => {
        sent.push(command);
        const outcome = outcomes.shift() ?? HASH;
        return typeof outcome === 'string' ? Promise.resolve(outcome) : Promise.reject(outcome);
      },
    } as unknown as SendTransactionUseCase,
    { faucet } as unknown as TxOptions,
  );
  const ask = (address: string, client = '203.0.113.7', requestId?: string) =>
    useCase.execute(FaucetCommand.create([{ address, client }], requestId));
  return { ask, sent, cooldowns };
}

async function refusalOf(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof RpcError)) throw new Error(`expected an RpcError, got ${String(error)}`);
  return { message: error.message, ...faucetRefusalOf(error.data) };
}

describe(FaucetUseCase.name, () => {
  it('default: the amount from the faucet key to the address, signed for the tier, answered in hex', async () => {
    const { ask, sent } = faucetWith([]);
    expect(await ask(TO)).toEqual({ txHash: HASH, amount: '0xde0b6b3a7640000' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.signing).toEqual({ kind: 'tier' });
    expect(sent[0]!.from).toBe(KEY);
    expect(sent[0]!.transaction).toMatchObject({ to: TO.toLowerCase(), value: 10n ** 18n });
    expect(sent[0]!.caller).toEqual({ transport: 'internal' });
  });

  it('behavior: the send is the tier own, under the faucet request id (the keystore lines name it)', async () => {
    const { ask, sent } = faucetWith([]);
    await ask(TO, '203.0.113.7', 'faucet-req-1');
    expect(sent[0]!.caller).toEqual({ transport: 'internal', requestId: 'faucet-req-1' });
  });

  it('behavior: after a send, the address (any case) and the client each wait out the cooldown', async () => {
    const { ask, sent } = faucetWith([]);
    await ask(TO);
    const again = await refusalOf(ask(TO.toLowerCase(), '198.51.100.1'));
    expect(again.faucet).toBe('cooldown');
    expect(again.retryAfterSeconds).toBeGreaterThan(HOUR / 1000 - 60);
    expect((await refusalOf(ask(OTHER))).faucet).toBe('cooldown');
    expect(await ask(OTHER, '198.51.100.2')).toMatchObject({ txHash: HASH });
    expect(sent).toHaveLength(2);
  });

  it('behavior: two requests for one address at once send once', async () => {
    const { ask, sent } = faucetWith([]);
    const outcomes = await Promise.allSettled([ask(TO, '10.0.0.1'), ask(TO, '10.0.0.2')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(sent).toHaveLength(1);
  });

  it('behavior: a failed send takes no cooldown', async () => {
    const { ask } = faucetWith([new InvalidInputError('nonce too low: next nonce 4, tx nonce 3')]);
    expect(await refusalOf(ask(TO))).toEqual({ message: 'nonce too low: next nonce 4, tx nonce 3' });
    expect(await ask(TO)).toMatchObject({ txHash: HASH });
  });

  it.each([
    [
      'insufficient funds for gas * price + value: balance 1, tx cost 2, overshot 1',
      'empty',
      'the faucet is empty',
    ],
    ['unknown account', 'unavailable', 'the faucet key is no keystore account'],
    ['authentication needed: password or unlock', 'unavailable', 'the faucet key is not unlocked'],
  ])('error: the send answering "%s" is the refusal %s', async (failure, faucet, message) => {
    const { ask } = faucetWith([new InvalidInputError(failure)]);
    expect(await refusalOf(ask(TO))).toEqual({ message, faucet });
    expect(await ask(TO)).toMatchObject({ txHash: HASH });
  });

  it('error: no --faucet-key', async () => {
    const { ask } = faucetWith([], null);
    expect(await refusalOf(ask(TO))).toEqual({
      message: 'the faucet has no key (--faucet-key)',
      faucet: 'unavailable',
    });
  });
});

describe(FaucetCommand.name, () => {
  it('error: no address, a bad address or no client', () => {
    for (const params of [
      [],
      [{}],
      [{ address: '0x12', client: 'x' }],
      [{ address: TO }],
      [{ address: TO, client: '' }],
    ])
      expect(() => FaucetCommand.create(params)).toThrow(InvalidParamsError);
  });
});
