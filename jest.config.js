// One jest run over every project; tests import lib sources directly (no prior build needed for libs).
const path = require('path');

const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const project = (root) => ({
  displayName: path.basename(root),
  rootDir: path.join(__dirname, root),
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleNameMapper: { '^@toll/([a-z0-9-]+)$': path.join(__dirname, 'libs/$1/src/index.ts') },
  transform,
});

// Every app and lib with a package.json is a project, plus the cross-app e2e suite and tools/: nothing to list by hand.
const { existsSync, readdirSync } = require('fs');
const discovered = ['libs', 'apps']
  .flatMap((dir) => readdirSync(path.join(__dirname, dir)).map((name) => `${dir}/${name}`))
  .filter((p) => existsSync(path.join(__dirname, p, 'package.json')));

module.exports = {
  projects: [...discovered, 'e2e', 'tools'].map(project),
  testTimeout: 30000,
};
