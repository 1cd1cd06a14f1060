// Where key files live when --keystore-dir is not given: beside the chain under --data-dir when
// there is one (as geth's <datadir>/keystore), else ~/.photon/keystore, so keys outlive the process
// and the working directory it happened to start in.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultKeystoreDir(dataDir: string | null): string {
  return dataDir === null ? join(homedir(), '.photon', 'keystore') : join(dataDir, 'keystore');
}
