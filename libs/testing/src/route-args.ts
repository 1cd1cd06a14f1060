// Hands each process of a cluster stack the extra flags its command accepts: `--rpc-api` reaches
// the gateway but not the query service, whose command would stop at an unknown flag.
import type { Schema } from '@photon/config';

/** `args` split into one group per flag (`--flag value`, `--flag=value` or a boolean `--flag`). */
export function flagGroups(args: readonly string[], schemas: readonly Schema[]): string[][] {
  const specs = schemas.flatMap((schema) => Object.values(schema));
  const groups: string[][] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--([a-z0-9-]+)(=.*)?$/.exec(arg);
    if (match === null) throw new Error(`extraArgs: "${arg}" is not a --flag`);
    const spec = specs.find((candidate) => candidate.flag === match[1]);
    if (spec === undefined)
      throw new Error(`extraArgs: --${match[1]} is no flag of any process of the stack`);
    if (match[2] !== undefined || spec.boolean === true) groups.push([arg]);
    else {
      const value = args[++i];
      if (value === undefined) throw new Error(`extraArgs: --${match[1]} needs a value`);
      groups.push([arg, value]);
    }
  }
  return groups;
}

/** The groups whose flag `schema` knows, flattened into arguments. */
export function argsFor(schema: Schema, groups: readonly string[][]): string[] {
  const flags = new Set(Object.values(schema).map((spec) => spec.flag));
  return groups.filter((group) => flags.has(/^--([a-z0-9-]+)/.exec(group[0]!)![1]!)).flat();
}

/** True when some group sets `flag`. */
export function hasFlag(groups: readonly string[][], flag: string): boolean {
  return groups.some((group) => group[0] === `--${flag}` || group[0]!.startsWith(`--${flag}=`));
}

/** The value `groups` give `flag`, or undefined. */
export function flagValue(groups: readonly string[][], flag: string): string | undefined {
  for (const group of groups) {
    if (group[0] === `--${flag}`) return group[1];
    if (group[0]!.startsWith(`--${flag}=`)) return group[0]!.slice(flag.length + 3);
  }
  return undefined;
}
