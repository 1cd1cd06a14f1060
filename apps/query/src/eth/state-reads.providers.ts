// Account state, execution, fees, node status, the N/A methods and the txpool: their services and
// handlers, registered together.
import type { Provider } from '@nestjs/common';
import { AccessListService } from '../execution/access-list.service';
import { ExecutionEngine } from '../execution/execution-engine';
import { ExecutionService } from '../execution/execution.service';
import { FeeService } from '../fees/fee.service';
import { TxpoolHandlers } from '../txpool/txpool.handlers';
import { TxpoolService } from '../txpool/txpool.service';
import { ExecutionHandlers } from './execution.handlers';
import { FeeHandlers } from './fee.handlers';
import { NaHandlers } from './na.handlers';
import { ProofHandlers } from './proof.handlers';
import { ProofService } from './proof.service';
import { StateHandlers } from './state.handlers';
import { StateService } from './state.service';
import { StatusHandlers } from './status.handlers';
import { NodeStatusService } from './status.service';

export const STATE_READ_PROVIDERS: Provider[] = [
  StateService,
  ProofService,
  ExecutionEngine,
  ExecutionService,
  AccessListService,
  FeeService,
  NodeStatusService,
  TxpoolService,
  StateHandlers,
  ProofHandlers,
  ExecutionHandlers,
  FeeHandlers,
  StatusHandlers,
  NaHandlers,
  TxpoolHandlers,
];
