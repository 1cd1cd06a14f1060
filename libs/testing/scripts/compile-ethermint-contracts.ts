// `pnpm contracts` (second step): compiles crypto-org-chain/ethermint's integration-test contracts
// (libs/testing/contracts/ethermint, copied unchanged from tests/integration_tests/hardhat/contracts)
// as their hardhat.config.ts does: the highest configured solc a pragma accepts (0.8.21 with
// evmVersion shanghai, else 0.8.10 with its default), optimizer on, source names `contracts/<file>`
// and OpenZeppelin 4.9.5 (their package-lock), so the bytecode, metadata hash included, is theirs.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';

/** Compiled from libs/testing/scripts/dist, two levels below the package root. */
const PACKAGE_ROOT = join(__dirname, '..', '..');
const WORKSPACE_ROOT = join(PACKAGE_ROOT, '..', '..');
const SOURCE_DIR = join(PACKAGE_ROOT, 'contracts', 'ethermint');
const ARTIFACT_PATH = join(PACKAGE_ROOT, 'src', 'contracts', 'ethermint-contracts.artifact.ts');

interface SolcJs {
  compile(
    input: string,
    callbacks: { import: (path: string) => { contents: string } | { error: string } },
  ): string;
  version(): string;
}

/** Each compiler of their hardhat.config.ts, with the settings it names (hardhat's runs default: 200). */
const COMPILERS = {
  '0.8.21': {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    solc: require('solc-0.8.21') as SolcJs,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai' },
  },
  '0.8.10': {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    solc: require('solc-0.8.10') as SolcJs,
    settings: { optimizer: { enabled: true, runs: 200 } },
  },
} as const;

/** Contract → its file and the compiler hardhat picks for the file's pragma. */
const CONTRACTS: readonly { name: string; file: string; compiler: keyof typeof COMPILERS }[] = [
  { name: 'BurnGas', file: 'BurnGas.sol', compiler: '0.8.21' },
  { name: 'Calculator', file: 'Calculator.sol', compiler: '0.8.21' },
  { name: 'Caller', file: 'Caller.sol', compiler: '0.8.21' },
  { name: 'Greeter', file: 'Greeter.sol', compiler: '0.8.21' },
  { name: 'Random', file: 'Random.sol', compiler: '0.8.21' },
  { name: 'StateContract', file: 'StateContract.sol', compiler: '0.8.21' },
  { name: 'TestBlockTxProperties', file: 'TestBlockTxProperties.sol', compiler: '0.8.21' },
  { name: 'TestERC20A', file: 'TestERC20A.sol', compiler: '0.8.10' },
  { name: 'TestMessageCall', file: 'TestMessageCall.sol', compiler: '0.8.21' },
  { name: 'TestRevert', file: 'TestRevert.sol', compiler: '0.8.10' },
];

interface SolcOutput {
  readonly errors?: readonly { readonly severity: string; readonly formattedMessage: string }[];
  readonly contracts?: Record<
    string,
    Record<
      string,
      {
        readonly abi: unknown[];
        readonly evm: {
          readonly bytecode: { readonly object: string };
          readonly deployedBytecode: { readonly object: string };
        };
      }
    >
  >;
}

/** Hardhat's source names: `contracts/X.sol` for theirs, the npm path for OpenZeppelin's. */
function readSource(sourceName: string): string {
  if (sourceName.startsWith('contracts/')) {
    return readFileSync(join(SOURCE_DIR, sourceName.slice('contracts/'.length)), 'utf8');
  }
  const packageRoot = dirname(require.resolve('@openzeppelin/contracts/package.json'));
  return readFileSync(join(packageRoot, sourceName.slice('@openzeppelin/contracts/'.length)), 'utf8');
}

function compile(spec: (typeof CONTRACTS)[number]) {
  const { solc, settings } = COMPILERS[spec.compiler];
  const sourceName = `contracts/${spec.file}`;
  const input = {
    language: 'Solidity',
    sources: { [sourceName]: { content: readSource(sourceName) } },
    settings: {
      ...settings,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (path) => {
        try {
          return { contents: readSource(path) };
        } catch (error) {
          return { error: String(error) };
        }
      },
    }),
  ) as SolcOutput;
  const problems = output.errors ?? [];
  if (problems.some((problem) => problem.severity === 'error')) {
    for (const problem of problems) console.error(problem.formattedMessage);
    throw new Error(`solc failed on ${spec.file}`);
  }
  const contract = output.contracts?.[sourceName]?.[spec.name];
  if (!contract) throw new Error(`solc produced no ${spec.name} in ${spec.file}`);
  return {
    contractName: spec.name,
    sourcePath: relative(WORKSPACE_ROOT, join(SOURCE_DIR, spec.file)),
    sourceSha256: createHash('sha256')
      .update(readFileSync(join(SOURCE_DIR, spec.file)))
      .digest('hex'),
    solcVersion: solc.version(),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
  };
}

async function main(): Promise<void> {
  const artifacts = Object.fromEntries(CONTRACTS.map((spec) => [spec.name, compile(spec)]));
  const text = [
    `// Generated by \`pnpm contracts\` from ${relative(WORKSPACE_ROOT, SOURCE_DIR)}; do not edit.`,
    '// A spec compares each sourceSha256 with its .sol file, so a stale artifact fails the tests.',
    `export const ETHERMINT_CONTRACTS = ${JSON.stringify(artifacts)} as const;`,
    '',
  ].join('\n');
  const options = await resolveConfig(ARTIFACT_PATH);
  writeFileSync(ARTIFACT_PATH, await format(text, { ...options, filepath: ARTIFACT_PATH }));
  console.log(`wrote ${ARTIFACT_PATH}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
