// Lint: typed rules with zero warnings allowed, floating promises are errors, and Nx module
// boundaries that really constrain: libs never import apps, apps never import apps (only the CLI
// composes them), libs/types imports no Nest, and libs are imported only through their index.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '.nx/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: ['./tsconfig.eslint.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@photon/*/*'], message: 'Import a lib only through its index.' }] },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:cli', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
            { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'scope:types',
              onlyDependOnLibsWithTags: [],
              bannedExternalImports: ['@nestjs/*', 'nats', 'ioredis', 'fastify', 'ws'],
            },
            {
              sourceTag: 'scope:wire',
              onlyDependOnLibsWithTags: [],
              bannedExternalImports: ['@nestjs/*', 'nats', 'ioredis', 'fastify', 'ws'],
            },
            {
              sourceTag: 'scope:codec',
              onlyDependOnLibsWithTags: ['scope:types'],
              bannedExternalImports: ['@nestjs/*', 'nats', 'ioredis', 'fastify', 'ws'],
            },
            {
              // The door to the chain knows nothing of NATS, Redis or our HTTP servers; tests may use libs/testing.
              sourceTag: 'scope:engine',
              onlyDependOnLibsWithTags: ['scope:types', 'scope:codec', 'scope:wire', 'scope:testing'],
              bannedExternalImports: ['@nestjs/*', 'nats', 'ioredis', 'fastify'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/e2e/**/*.ts', '**/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
