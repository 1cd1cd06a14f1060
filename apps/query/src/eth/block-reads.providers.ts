// The block, transaction, receipt, log and uncle reads: their services and handlers, registered together.
import type { Provider } from '@nestjs/common';
import { QueryCacheStats } from '../cache/query-cache-stats';
import { LogsService } from '../logs/logs.service';
import { BlockHandlers } from './block.handlers';
import { BlockService } from './block.service';
import { LogsHandlers } from './logs.handlers';
import { ReceiptHandlers } from './receipt.handlers';
import { TransactionHandlers } from './transaction.handlers';
import { TransactionService } from './transaction.service';
import { UncleHandlers } from './uncle.handlers';

export const BLOCK_READ_PROVIDERS: Provider[] = [
  BlockService,
  TransactionService,
  LogsService,
  QueryCacheStats,
  BlockHandlers,
  TransactionHandlers,
  ReceiptHandlers,
  LogsHandlers,
  UncleHandlers,
];
