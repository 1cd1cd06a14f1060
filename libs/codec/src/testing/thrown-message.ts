// Spec helper (excluded from the build): the message of the InvalidParamsError a decode throws.
import { InvalidParamsError } from '../errors/rpc-errors';

export function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidParamsError) return error.message;
    throw error;
  }
  throw new Error('expected an InvalidParamsError');
}
