// Keeps a started command alive until SIGINT/SIGTERM, then closes what it opened, in order, and exits 0.
import type { PhotonLogger } from './photon-logger';

export type Closer = () => Promise<void>;

export function closeOnSignal(closers: readonly Closer[], logger: PhotonLogger): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.warnLine(`photon: ${signal}, shutting down`);
    void (async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (error) {
          logger.warnLine(`photon: while shutting down: ${String(error)}`);
        }
      }
      process.exit(0);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
