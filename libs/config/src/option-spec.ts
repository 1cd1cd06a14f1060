// How one setting is read: its flag, its environment variable, its default and its parser.
export interface OptionSpec<T> {
  /** The command-line flag without dashes, e.g. `laddr`. */
  readonly flag: string;
  /** The environment variable for containers, e.g. `PHOTON_LADDR`. */
  readonly env: string;
  readonly description: string;
  /** The value when neither flag nor env is given; `undefined` makes the setting required. */
  readonly default: T | undefined;
  /** Flags that take no value (`--allow-x`) are booleans. */
  readonly boolean?: boolean;
  /** Parses the raw text; throws a ConfigError-worthy message (a plain Error) when it is wrong. */
  readonly parse: (raw: string) => T;
  /** Shown in help instead of the default value. */
  readonly defaultText?: string;
}

export type Schema = Readonly<Record<string, OptionSpec<unknown>>>;

export type ConfigOf<S extends Schema> = {
  readonly [K in keyof S]: S[K] extends OptionSpec<infer T> ? T : never;
};

export const option = <T>(spec: OptionSpec<T>): OptionSpec<T> => spec;
