// Polls an async condition until it holds, failing with a message that says what was awaited.

export interface WaitForOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Pause between polls (default 100 ms). */
  intervalMs?: number;
  /** What is being awaited, for the timeout message, e.g. 'gateway /readyz'. */
  what: string;
  /** Extra context appended to the timeout message, e.g. a child's output; read only on failure. */
  detail?: () => string;
}

/**
 * Resolves once `predicate` resolves true. Rejects when the timeout passes, naming `what`, or
 * as soon as `predicate` rejects (a predicate that should tolerate errors catches them itself).
 */
export async function waitFor(predicate: () => Promise<boolean>, opts: WaitForOptions): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const intervalMs = opts.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await predicate()) return;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      const detail = opts.detail?.();
      const suffix = detail !== undefined && detail !== '' ? `\n${detail}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${opts.what}${suffix}`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, remaining)));
  }
}
