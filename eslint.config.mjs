import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', 'coverage/**', '.local/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Boundaries (docs/style-anchors.md 3.2): a group never imports another group, the gateway or payments;
      // contract libs import no framework.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:platform',
                'type:upstream',
                'type:contract',
                'type:testing',
                'type:telemetry',
              ],
            },
            {
              sourceTag: 'type:platform',
              onlyDependOnLibsWithTags: ['type:contract', 'type:upstream', 'type:testing', 'type:telemetry'],
            },
            {
              sourceTag: 'type:upstream',
              onlyDependOnLibsWithTags: ['type:contract', 'type:upstream', 'type:telemetry'],
              bannedExternalImports: ['@nestjs/*'],
            },
            // Metrics and traces only: no framework, no app knowledge (libs/telemetry).
            {
              sourceTag: 'type:telemetry',
              onlyDependOnLibsWithTags: [],
              bannedExternalImports: ['@nestjs/*', '@prisma/*', 'nats', 'express'],
            },
            {
              sourceTag: 'type:contract',
              onlyDependOnLibsWithTags: ['type:contract'],
              bannedExternalImports: ['@nestjs/*', '@prisma/*', 'nats', 'express'],
            },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:platform', 'type:upstream', 'type:contract', 'type:telemetry'],
            },
            { sourceTag: 'type:client', onlyDependOnLibsWithTags: ['type:upstream', 'type:contract'] },
            { sourceTag: 'scope:group', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  {
    // e2e is a project that depends on every app (tools/nx/toll-plugin.js) and starts them from their sources.
    files: ['e2e/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // Prisma CLI configs are tooling, not app code: they share tools/prisma/cli-config.ts.
    files: ['apps/*/prisma.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // Wire tests read arbitrary JSON bodies.
    files: ['**/test/**/*.ts', '**/*.spec.ts', 'libs/testing/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Production code never imports the testing library.
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@toll/testing'], message: 'tests only' }] }] },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        Headers: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Layout is prettier's (npm run format): no eslint rule may disagree with it.
  prettier,
);
