// Keeps every process's stdout and stderr of a test run in one file per process under a run directory,
// so a whole run's logs can be grepped afterwards (e.g. for a passphrase or a key that must not be there).
import { createWriteStream, type WriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManagedProcess } from './spawn-process';

export interface RunLogs {
  readonly dir: string;
  /** Appends `proc`'s output so far and from now on to `<dir>/<name>.log`. */
  keep(name: string, proc: ManagedProcess): void;
  /** Flushes and closes every file. */
  close(): Promise<void>;
  /** The log files (name → content) in which `needle` occurs. */
  grep(needle: string): Promise<string[]>;
}

export function runLogs(dir: string): RunLogs {
  const files = new Map<string, WriteStream>();
  return {
    dir,
    keep: (name, proc) => {
      let file = files.get(name);
      if (file === undefined) {
        file = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
        files.set(name, file);
      }
      const out = file;
      // What was captured so far, then every later chunk: in one tick, so nothing falls in between.
      out.write(proc.output());
      const append = (chunk: Buffer): void => void out.write(chunk);
      proc.child.stdout?.on('data', append);
      proc.child.stderr?.on('data', append);
    },
    close: async () => {
      await Promise.all(
        [...files.values()].map((file) => new Promise<void>((resolve) => file.end(() => resolve()))),
      );
      files.clear();
    },
    grep: async (needle) => {
      const found: string[] = [];
      for (const name of await readdir(dir)) {
        if (!name.endsWith('.log')) continue;
        if ((await readFile(join(dir, name), 'utf8')).toLowerCase().includes(needle.toLowerCase()))
          found.push(name);
      }
      return found;
    },
  };
}
