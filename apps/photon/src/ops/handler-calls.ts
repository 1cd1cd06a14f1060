// Feeds the process's call metrics from its handler registry: every call its handlers run, by service.
import type { INestApplicationContext } from '@nestjs/common';
import { RpcHandlerRegistry } from '@photon/bus';
import { type OpsMetrics, errorCodeOf } from '@photon/ops';

/** Every call the app's handlers run, by the service owning it (`fallback` for a method of none). */
export function countHandlerCalls(metrics: OpsMetrics, app: INestApplicationContext, fallback: string): void {
  app
    .get(RpcHandlerRegistry)
    .observe((outcome) =>
      metrics.observeCall(
        outcome.service ?? fallback,
        outcome.method,
        outcome.seconds,
        outcome.ok ? undefined : errorCodeOf(outcome.error),
      ),
    );
}
