#!/usr/bin/env node
// Generates the Prisma client of every app that owns a schema (apps/*/prisma/schema.prisma), offline:
// engineType "client" needs no query engine, and PRISMA_QUERY_ENGINE_LIBRARY stops the CLI looking for one.
// `node tools/prisma-generate.js <app>...` generates only those apps' clients (each app's Nx build does that).
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const prisma = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
const only = process.argv.slice(2);
for (const app of only.length ? only : readdirSync(path.join(root, 'apps'))) {
  const schema = path.join(root, 'apps', app, 'prisma', 'schema.prisma');
  if (!existsSync(schema)) continue;
  execFileSync(process.execPath, [prisma, 'generate', '--schema', schema], {
    cwd: path.join(root, 'apps', app),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PRISMA_QUERY_ENGINE_LIBRARY: '/bin/false',
      CHECKPOINT_DISABLE: '1',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  console.log(`prisma client generated for ${app}`);
}
