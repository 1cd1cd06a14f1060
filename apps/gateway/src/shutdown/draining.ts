// Whether this gateway is draining (it was told to stop): from that moment every readiness endpoint
// answers 503, so load balancers send new clients elsewhere while requests in flight finish.
import { Injectable } from '@nestjs/common';

@Injectable()
export class Draining {
  private draining = false;

  get active(): boolean {
    return this.draining;
  }

  begin(): void {
    this.draining = true;
  }
}
