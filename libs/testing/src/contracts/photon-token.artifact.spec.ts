import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHOTON_TOKEN_ARTIFACT } from './photon-token.artifact';

const SOURCE = join(__dirname, '..', '..', 'contracts', 'PhotonToken.sol');

type AbiEntry = (typeof PHOTON_TOKEN_ARTIFACT.abi)[number];

function signature(entry: AbiEntry): string {
  const inputs = entry.inputs.map((input) => input.type).join(',');
  return `${entry.type} ${'name' in entry ? entry.name : ''}(${inputs})`;
}

describe('PHOTON_TOKEN_ARTIFACT', () => {
  it('default', () => {
    const sha256 = createHash('sha256').update(readFileSync(SOURCE)).digest('hex');
    if (sha256 !== PHOTON_TOKEN_ARTIFACT.sourceSha256) {
      throw new Error('PhotonToken.sol changed since its artifact was built: run `pnpm contracts`');
    }
    expect(PHOTON_TOKEN_ARTIFACT.sourcePath).toBe('libs/testing/contracts/PhotonToken.sol');
  });

  it('behavior: the ABI has the ERC-20 surface, mint, the events and the custom error', () => {
    expect(PHOTON_TOKEN_ARTIFACT.abi.map(signature).sort()).toStrictEqual(
      [
        'constructor (string,string,uint256)',
        'error Unauthorized(address)',
        'event Approval(address,address,uint256)',
        'event Transfer(address,address,uint256)',
        'function allowance(address,address)',
        'function approve(address,uint256)',
        'function balanceOf(address)',
        'function decimals()',
        'function mint(address,uint256)',
        'function name()',
        'function owner()',
        'function symbol()',
        'function totalSupply()',
        'function transfer(address,uint256)',
        'function transferFrom(address,address,uint256)',
      ].sort(),
    );
  });

  it('behavior: compiled by the solc the pragma pins, into creation bytecode', () => {
    const pragma = /pragma solidity ([0-9.]+);/.exec(readFileSync(SOURCE, 'utf8'))?.[1];
    expect(PHOTON_TOKEN_ARTIFACT.solcVersion.startsWith(`${pragma}+commit.`)).toBe(true);
    expect(PHOTON_TOKEN_ARTIFACT.bytecode).toMatch(/^0x(?:[0-9a-f]{2})+$/);
  });
});
