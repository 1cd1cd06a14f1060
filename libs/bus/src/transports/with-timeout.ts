// Bounds a promise by a deadline so a stuck handler answers the caller with a JSON-RPC error.
import { ResourceUnavailableError } from '@photon/codec';

export function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ResourceUnavailableError('request timed out')), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
