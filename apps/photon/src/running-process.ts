// Keeps a started command alive until SIGINT/SIGTERM, then closes what it opened, in order.
export type Closer = () => Promise<void>;

export function closeOnSignal(closers: readonly Closer[]): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`photon: ${signal}, shutting down\n`);
    void (async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (error) {
          process.stderr.write(`photon: while shutting down: ${String(error)}\n`);
        }
      }
      process.exit(0);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
