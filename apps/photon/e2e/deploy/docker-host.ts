// The Docker host the deploy e2e runs on: whether a daemon answers (and, when none does, why the
// tier cannot run here), which Compose there is (v2's `docker compose`, else docker-compose 1.29),
// and the commands the e2e runs, with their output kept for a failure's message.
import { execFile, execFileSync } from 'node:child_process';

export interface Run {
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end; rejects with its output when it exits non-zero. */
export function run(
  file: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 600_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error === null) resolve({ stdout, stderr });
        else reject(new Error(`${file} ${args.join(' ')}: ${error.message}\n${stdout}\n${stderr}`.trim()));
      },
    );
  });
}

/**
 * Why no daemon is usable here, or undefined when `docker info` answers. Synchronous: jest decides
 * what runs as a spec file loads, before any hook.
 */
export function daemonMissing(): string | undefined {
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'pipe', timeout: 20_000 });
    return undefined;
  } catch (error) {
    const text = `${(error as { stderr?: Buffer }).stderr?.toString() ?? ''}\n${(error as Error).message}`;
    const line = text.split('\n').find((l) => /daemon|ENOENT|not found/i.test(l)) ?? 'docker info failed';
    return `no Docker daemon answers (${line.trim()}); start dockerd, as .ci/run does, to run it`;
  }
}

/** The Compose command: `docker compose` (v2) when the plugin is there, else docker-compose (1.29). */
export async function composeCommand(): Promise<readonly string[]> {
  try {
    await run('docker', ['compose', 'version'], { timeoutMs: 20_000 });
    return ['docker', 'compose'];
  } catch {
    await run('docker-compose', ['version'], { timeoutMs: 20_000 });
    return ['docker-compose'];
  }
}
