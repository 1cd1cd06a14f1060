// About what a list of logs holds in memory (as records or as formatted JSON-RPC logs), to bound the caches
// that keep them by bytes.

/** The memory of one log record beside its data and topics: the object, its strings and numbers. */
const LOG_OVERHEAD_BYTES = 600;

/** Hex strings take two bytes per character; a topic is a 66-character string and its header. */
export const logsBytes = (logs: readonly { data: string; topics: readonly string[] }[]): number =>
  logs.reduce((sum, log) => sum + LOG_OVERHEAD_BYTES + 2 * log.data.length + 140 * log.topics.length, 64);
