// How a failed photon_faucet call is answered over HTTP, for each way it can fail, in-process (the tx
// service's own error classes) or over NATS (the error object as it crossed the bus).
import { Logger } from '@nestjs/common';
import {
  InvalidInputError,
  LimitExceededError,
  RemoteRpcError,
  ResourceUnavailableError,
} from '@photon/codec';
import { failedAnswer } from './faucet-answers';

const log = new Logger('faucet-spec');
const answerTo = (error: unknown) => {
  const { status, body, headers } = failedAnswer(error, log);
  return { status, headers, error: (JSON.parse(body) as { error: unknown }).error };
};

describe(failedAnswer.name, () => {
  it('default: a cooldown is 429 with Retry-After, in-process and from across the bus', () => {
    const cooldown = new LimitExceededError('too recently', {
      faucet: 'cooldown',
      retryAfterSeconds: 86_399,
    });
    for (const error of [cooldown, new RemoteRpcError(cooldown.toErrorObject())]) {
      expect(answerTo(error)).toEqual({
        status: 429,
        headers: { 'retry-after': '86399' },
        error: { code: 'cooldown', message: 'too recently' },
      });
    }
  });

  it('behavior: an empty or unavailable faucet, a service not answering, a refused send are 503', () => {
    expect(answerTo(new ResourceUnavailableError('the faucet is empty', { faucet: 'empty' }))).toMatchObject({
      status: 503,
      error: { code: 'faucet_empty' },
    });
    expect(
      answerTo(
        new RemoteRpcError({ code: -32002, message: 'not unlocked', data: { faucet: 'unavailable' } }),
      ),
    ).toMatchObject({ status: 503, error: { code: 'faucet_unavailable', message: 'not unlocked' } });
    expect(answerTo(new ResourceUnavailableError('request timed out'))).toMatchObject({
      status: 503,
      error: { code: 'faucet_unavailable', message: 'request timed out' },
    });
    expect(answerTo(new InvalidInputError('nonce too low'))).toMatchObject({
      status: 503,
      error: { code: 'send_failed', message: 'nonce too low' },
    });
  });

  it('error: our own failures are 500 with an id to find in the logs, nothing else', () => {
    const quiet = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const answer = answerTo(new Error('secret detail'));
    expect(answer.status).toBe(500);
    expect(answer.error).toEqual({
      code: 'internal_error',
      message: expect.stringMatching(/^internal error [0-9a-f-]{36}$/),
    });
    expect(JSON.stringify(answer)).not.toContain('secret');
    quiet.mockRestore();
  });
});
