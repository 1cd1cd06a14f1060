// Where the project writes: compiler output, and the deployment `scripts/deploy.ts` records for
// `hardhat test` to check. Outside the work tree unless $PHOTON_HARDHAT_OUT names a directory.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const OUT_DIR = process.env.PHOTON_HARDHAT_OUT ?? join(tmpdir(), 'photon-hardhat');

/** What `scripts/deploy.ts` left on the chain. */
export interface Deployment {
  readonly chainId: number;
  readonly token: string;
  readonly deployer: string;
  readonly holder: string;
  /** Decimal wei. */
  readonly sent: string;
  readonly transferBlock: number;
}

export const DEPLOYMENT_FILE = join(OUT_DIR, 'deployment.json');
