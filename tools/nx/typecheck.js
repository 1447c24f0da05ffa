#!/usr/bin/env node
// `node tools/nx/typecheck.js <project root>`: tsc --noEmit over one project's sources and tests, with the
// options of tsconfig.spec.json (libs resolved to their sources). The Nx `typecheck` target of every project.
'use strict';
const { execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const project = process.argv[2];
if (!project) throw new Error('usage: node tools/nx/typecheck.js <project root>');
const dir = path.join(root, 'node_modules', '.cache', 'toll-typecheck');
mkdirSync(dir, { recursive: true });
const config = path.join(dir, `${project.replace(/[\\/]/g, '-')}.json`);
const abs = (p) => path.join(root, project, p);
writeFileSync(
  config,
  JSON.stringify({
    extends: path.join(root, 'tsconfig.spec.json'),
    include: [abs('src/**/*.ts'), abs('test/**/*.ts'), abs('*.ts')],
  }),
);
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '--noEmit', '-p', config], {
  cwd: root,
  stdio: 'inherit',
});
