// The one mapping from anything thrown to a JSON-RPC error object.
import { InvalidParamsError } from './rpc-errors';
import { toErrorObject } from './to-error-object';

/** An error as ioredis names it (the codec does not depend on ioredis). */
function named(name: string, message: string): Error {
  const error = new Error(message);
  Object.defineProperty(error, 'name', { value: name });
  return error;
}

describe(toErrorObject.name, () => {
  it('default: an RpcError answers as itself, nothing logged', () => {
    const logged = jest.fn();
    expect(toErrorObject(InvalidParamsError.argument(0, 'bad'), logged)).toEqual({
      code: -32602,
      message: 'invalid argument 0: bad',
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('behavior: anything else is an opaque internal error with the id it was logged under', () => {
    const logged = jest.fn();
    const answer = toErrorObject(new Error('secret detail'), logged);
    expect(answer).toEqual({
      code: -32603,
      message: 'internal error',
      data: { errorId: expect.any(String) },
    });
    expect(logged).toHaveBeenCalledWith((answer.data as { errorId: string }).errorId, expect.any(Error));
  });

  it('behavior: a store command given up while Redis is unreachable is -32002, not an internal error', () => {
    const logged = jest.fn();
    for (const name of ['MaxRetriesPerRequestError', 'AbortError'])
      expect(toErrorObject(named(name, 'Reached the max retries per request limit'), logged)).toEqual({
        code: -32002,
        message: 'the store is unavailable',
      });
    expect(logged).not.toHaveBeenCalled();
  });
});
