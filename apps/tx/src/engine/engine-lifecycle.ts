// Closes the engine client's connections when the tx service stops, so the process can exit.
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CometHttpClient } from '@photon/engine-client';

@Injectable()
export class EngineLifecycle implements OnModuleDestroy {
  constructor(private readonly comet: CometHttpClient) {}

  onModuleDestroy(): void {
    this.comet.close();
  }
}
