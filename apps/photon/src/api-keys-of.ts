// The gateway's API keys from `--api-keys-file` (`photon gateway` and `photon start` alike): a file that
// cannot be read or parsed is a configuration error, reported before anything starts.
import { ConfigError } from '@photon/config';
import { ApiKeys } from '@photon/gateway';

export async function apiKeysOf(config: { apiKeysFile: string | null }): Promise<ApiKeys> {
  try {
    return await ApiKeys.load(config.apiKeysFile);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}
