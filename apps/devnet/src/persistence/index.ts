// Front door of the data dir: opening a chain (in memory, new or reopened) and its errors.
export { openChain, type OpenChainOptions, type OpenedChain } from './open-chain';
export { BlockJournal, type ChainGenesis, type PersistedBlock } from './block-journal';
export { DataDirError } from './data-dir-error';
export { JournalCorruptError } from './journal-file';
