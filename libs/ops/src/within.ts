// Bounds how long an operations probe may wait: a check against a hung Redis or engine answers "failed"
// after its timeout instead of hanging the probe (or the scrape) with it.

/** `work`'s outcome, or a rejection once `timeoutMs` passed first. */
export function within<T>(work: Promise<T>, timeoutMs: number, what = 'operation'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took over ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
