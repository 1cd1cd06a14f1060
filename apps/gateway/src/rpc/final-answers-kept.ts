// Answers that never change once a service has given them non-null: a mined transaction's receipt, a
// committed block read by number or hash (CometBFT has instant finality, so no block is ever undone). Kept as
// JSON text while among the most recently used, bounded in number and in bytes (keys are client params,
// answers as large as a block with its transactions); one answer past a sixteenth of the bytes is not kept,
// so a few huge blocks never push out everyone else's. A null answer (pending, unknown: it may change) and a
// failure are never kept.
import { RawJson } from '@photon/codec';
import { answerBytes, asJsonText } from './answer-bytes';

interface Kept {
  readonly result: RawJson;
  readonly bytes: number;
}

export class FinalAnswersKept {
  private readonly answers = new Map<string, Kept>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 4_096,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** The answer kept for `key`, if any (and it becomes the most recently used). */
  get(key: string): RawJson | undefined {
    const kept = this.answers.get(key);
    if (kept === undefined) return undefined;
    this.answers.delete(key);
    this.answers.set(key, kept);
    return kept.result;
  }

  /**
   * Keeps `answer` for `key` unless it is null or too large; the least recently used go past the bounds.
   * Returns the answer as the callers after this one get it (its JSON text, when kept).
   */
  keep(key: string, answer: unknown): unknown {
    if (isNull(answer)) return answer;
    const result = asJsonText(answer);
    const bytes = key.length + answerBytes(result);
    if (bytes > this.maxBytes / 16) return result;
    this.drop(key);
    this.answers.set(key, { result, bytes });
    this.bytes += bytes;
    while (this.answers.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.answers.keys().next();
      if (oldest.done === true) break;
      this.drop(oldest.value);
    }
    return result;
  }

  get size(): number {
    return this.answers.size;
  }

  /** Bytes of the keys and answers kept. */
  get byteSize(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const kept = this.answers.get(key);
    if (kept === undefined) return;
    this.answers.delete(key);
    this.bytes -= kept.bytes;
  }
}

const isNull = (answer: unknown): boolean =>
  answer === null || answer === undefined || (answer instanceof RawJson && answer.text === 'null');
