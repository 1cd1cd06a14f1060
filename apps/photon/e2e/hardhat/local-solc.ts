// Hardhat 2 downloads the solc build a config names (binaries.soliditylang.org), which this project's
// machines cannot reach. This override answers Hardhat's "which compiler?" subtask with the solc-js
// build of the npm `solc` package the workspace already installs (the one `pnpm contracts` compiles
// with), and refuses any other version instead of letting Hardhat try the network.
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from 'hardhat/builtin-tasks/task-names';
import { subtask } from 'hardhat/config';
import { type SolcBuild } from 'hardhat/types';

interface SolcJs {
  version(): string;
}

/** The npm `solc` package's version, e.g. 0.8.28: the only one a config may name. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const LOCAL_SOLC_VERSION = (require('solc/package.json') as { version: string }).version;

function localSolcBuild(): SolcBuild {
  // Loaded only when Hardhat compiles: solc-js takes a second or two to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const longVersion = (require('solc') as SolcJs).version().replace(/\.Emscripten\.clang$/, '');
  return {
    version: LOCAL_SOLC_VERSION,
    longVersion,
    compilerPath: require.resolve('solc/soljson.js'),
    isSolcJs: true,
  };
}

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD).setAction(
  (args: { solcVersion: string }): Promise<SolcBuild> => {
    if (args.solcVersion !== LOCAL_SOLC_VERSION) {
      throw new Error(
        `solc ${args.solcVersion} is not installed (only the npm solc package's ${LOCAL_SOLC_VERSION} is), ` +
          'and this project never downloads compilers',
      );
    }
    return Promise.resolve(localSolcBuild());
  },
);
