// Reads a schema's settings from argv and the environment (flags win), validates every value
// and returns a typed, frozen config — or throws one ConfigError naming the first bad setting.
import { ConfigError } from './config-error';
import type { ConfigOf, OptionSpec, Schema } from './option-spec';

export function loadConfig<S extends Schema>(
  schema: S,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ConfigOf<S> {
  const byFlag = new Map<string, [string, OptionSpec<unknown>]>(
    Object.entries(schema).map(([key, spec]) => [spec.flag, [key, spec]]),
  );
  const raw = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    // `pnpm start -- --flag` hands the `--` on: it only ends the package manager's own options.
    if (arg === '--') continue;
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (match === null) throw new ConfigError(`unexpected argument "${arg}"`);
    const flag = match[1]!;
    const entry = byFlag.get(flag);
    if (entry === undefined) throw new ConfigError(`unknown flag --${flag} (see --help)`);
    const [key, spec] = entry;
    let value = match[2];
    if (value === undefined) {
      if (spec.boolean === true) value = 'true';
      else {
        value = argv[++i];
        if (value === undefined) throw new ConfigError(`--${flag} needs a value`);
      }
    }
    raw.set(key, value);
  }

  const config: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(schema)) {
    const text = raw.get(key) ?? env[spec.env];
    if (text === undefined) {
      if (spec.default === undefined) throw new ConfigError(`--${spec.flag} (or ${spec.env}) is required`);
      config[key] = spec.default;
      continue;
    }
    try {
      config[key] = spec.parse(text);
    } catch (error) {
      const where = raw.has(key) ? `--${spec.flag}` : spec.env;
      throw new ConfigError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return Object.freeze(config) as ConfigOf<S>;
}

/** The flag table for --help and the README. */
export function describeSchema(schema: Schema): string {
  return Object.values(schema)
    .map((spec) => {
      const shown =
        spec.defaultText ?? (spec.default === undefined ? '(required)' : JSON.stringify(spec.default));
      return `  --${spec.flag.padEnd(26)} ${spec.env.padEnd(30)} ${spec.description} [default: ${shown}]`;
    })
    .join('\n');
}

/** The settings of `schema` out of a larger config (a command's config holds several parts). */
export function pickConfig<S extends Schema>(schema: S, config: ConfigOf<S>): ConfigOf<S> {
  const source = config as Record<string, unknown>;
  return Object.freeze(
    Object.fromEntries(Object.keys(schema).map((key) => [key, source[key]])),
  ) as ConfigOf<S>;
}
