// Tracing (the debug namespace): its engine connection, service and handlers, registered together.
import type { Provider } from '@nestjs/common';
import { DebugHandlers } from './debug.handlers';
import { TraceEngine } from './trace-engine';
import { TraceService } from './trace.service';

export const DEBUG_PROVIDERS: Provider[] = [TraceEngine, TraceService, DebugHandlers];
