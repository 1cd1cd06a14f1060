// PhotonToken compiled for shanghai, for ganache 7, whose EVM stops at shanghai: the artifact is
// compiled for cancun, and its constructor's MCOPY fails there. Same source, compiler and optimizer
// runs as the artifact; only the EVM version differs, so the token behaves and logs the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PHOTON_TOKEN_ARTIFACT, workspaceRoot } from '@photon/testing';
import * as solc from 'solc';

import { signDeploy } from '../bench-chain';

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
}

/** PhotonToken's creation bytecode for `evmVersion`, compiled now (a second or two of solc-js). */
export function compilePhotonToken(evmVersion: string): string {
  const a = PHOTON_TOKEN_ARTIFACT;
  if (solc.version() !== a.solcVersion)
    throw new Error(`solc ${solc.version()} is installed, the artifact was compiled with ${a.solcVersion}`);
  const file = 'PhotonToken.sol';
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(join(workspaceRoot(), a.sourcePath), 'utf8') } },
    settings: {
      evmVersion,
      optimizer: { enabled: true, runs: a.optimizerRuns },
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const object = output.contracts?.[file]?.[a.contractName]?.evm.bytecode.object;
  if (object === undefined) throw new Error(`solc produced no ${a.contractName}`);
  return `0x${object}`;
}

/** DEPLOYER's nonce-0 deploy of the shanghai PhotonToken. */
export const signedShanghaiDeploy = (): string => signDeploy(compilePhotonToken('shanghai'));
