// One jest run for the whole workspace: unit specs next to the code, e2e specs under apps/*/e2e.
// Sources are compiled by swc (with decorator metadata, which Nest's DI needs), so tests never
// depend on a stale build; process-level tests spawn the built CLI, which `pnpm test` builds first.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // @ethereumjs v10's CommonJS build requires the ESM-only @noble and @scure packages: Node 20 loads them
    // natively, jest's module loader (before Node 24.9) does not, so they are compiled to CJS.
    '/node_modules/@(noble|scure)/.+\\.js$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // Everything under node_modules is used as built, except @noble/@scure at any depth (pnpm may nest
  // a second version under the package that needs it, e.g. @cosmjs/encoding/node_modules/@scure/base).
  transformIgnorePatterns: ['^(?!.*/node_modules/@(noble|scure)/).*/node_modules/'],
  moduleNameMapper: {
    '^@photon/(types|codec|bus|config|testing|store|engine-client|ethermint-wire|ops)$':
      '<rootDir>/libs/$1/src/index.ts',
    '^@photon/(gateway|query|tx|keystore|events|devnet)$': '<rootDir>/apps/$1/src/index.ts',
  },
  testMatch: ['<rootDir>/{apps,libs,bench}/**/*.spec.ts', '<rootDir>/{apps,libs}/*/e2e/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
  setupFiles: ['<rootDir>/scripts/jest-quiet-nest.js'],
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
