// Nx plugin: the targets of every project, inferred from what is on disk, so a new apps/<name> folder
// (package.json + tsconfig.build.json) gets them without any project.json. Caching and inputs live here too.
//   prisma     the Prisma client (src/generated), for apps with prisma/schema.prisma
//   build      tsc -b <root>/tsconfig.build.json, after its libs' builds (and its Prisma client)
//   test       jest over the project's jest project (jest.config.js finds every project by itself); tests
//              import sources, not dist, so they wait for Prisma clients only, not for builds
//   lint       eslint <root>, prettier --check <root>
//   typecheck  tsc --noEmit over the project's sources and tests (tools/nx/typecheck.js)
//   docker     docker build of the app's image, tagged with its package.json version (apps with src/main.ts)
// e2e/ is a project too: its tests start several apps, so it depends on every `type:app` project and
// `nx affected` picks it whenever one of them changes. tools/ is one for its tests (validate:deploy).
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const TEST_INPUTS = [
  'default',
  '^production',
  '{workspaceRoot}/jest.config.js',
  { externalDependencies: ['jest', '@swc/jest', '@swc/core'] },
];

function targetsFor(root, name, pkg, workspaceRoot) {
  const has = (f) => existsSync(path.join(workspaceRoot, root, f));
  const targets = {};
  // Prisma clients of this project and of the apps it depends on (e2e starts apps with databases).
  const prismaFirst = ['^prisma'];
  if (has('prisma/schema.prisma')) {
    targets.prisma = {
      command: `node tools/prisma-generate.js ${name}`,
      cache: true,
      inputs: [
        '{projectRoot}/prisma/**/*',
        '{workspaceRoot}/tools/prisma-generate.js',
        { externalDependencies: ['prisma', '@prisma/client'] },
      ],
      outputs: ['{projectRoot}/src/generated'],
    };
    prismaFirst.push('prisma');
  }
  if (has('tsconfig.build.json')) {
    targets.build = {
      command: `tsc -b ${root}/tsconfig.build.json`,
      dependsOn: ['^build', ...prismaFirst],
      cache: true,
      inputs: ['production', '^production', { externalDependencies: ['typescript'] }],
      outputs: ['{projectRoot}/dist', '{projectRoot}/tsconfig.build.tsbuildinfo'],
    };
  }
  targets.test = {
    command: `jest --config jest.config.js --selectProjects ${path.basename(root)} --passWithNoTests`,
    dependsOn: prismaFirst,
    cache: true,
    inputs: TEST_INPUTS,
  };
  targets.lint = {
    command: `eslint ${root} --max-warnings 0 && prettier --check --log-level warn "${root}/**/*.{ts,js,mjs,cjs}"`,
    cache: true,
    inputs: [
      'default',
      '^production',
      '{workspaceRoot}/eslint.config.mjs',
      '{workspaceRoot}/.prettierrc',
      '{workspaceRoot}/.prettierignore',
      { externalDependencies: ['eslint', 'typescript-eslint', '@nx/eslint-plugin', 'prettier'] },
    ],
  };
  targets.typecheck = {
    command: `node tools/nx/typecheck.js ${root}`,
    dependsOn: prismaFirst,
    cache: true,
    inputs: [
      'default',
      '^production',
      '{workspaceRoot}/tsconfig.spec.json',
      '{workspaceRoot}/tools/nx/typecheck.js',
      { externalDependencies: ['typescript'] },
    ],
  };
  if (has('src/main.ts') && (pkg.nx?.tags ?? []).includes('type:app')) {
    // Needs a Docker engine; this is the command a platform team runs (or CI with one).
    targets.docker = {
      command: `docker build --build-arg APP=${name} -t toll/${name}:${pkg.version} -t toll/${name}:latest .`,
      cache: false,
    };
  }
  return targets;
}

const createNodes = [
  '{apps/*,libs/*,e2e,tools}/package.json',
  (files, _options, context) =>
    files.map((file) => {
      const root = path.dirname(file);
      const pkg = JSON.parse(readFileSync(path.join(context.workspaceRoot, file), 'utf8'));
      const name = pkg.nx?.name ?? path.basename(root);
      // Apps import build tooling from tools/ (tools/prisma/cli-config.ts); that makes no app depend on the tools
      // project.
      const project = {
        root,
        name,
        targets: targetsFor(root, name, pkg, context.workspaceRoot),
        implicitDependencies: root === 'tools' ? [] : ['!tools'],
      };
      if (root === 'e2e') {
        Object.assign(project, {
          projectType: 'application',
          tags: pkg.nx?.tags ?? [],
          implicitDependencies: ['tag:type:app'],
        });
        // Some suites run a group as its own process, which loads the libs' dist through node_modules, and the
        // every-operation walk runs every app's dist through npm start's own code (tools/start-local.js).
        project.targets.test.dependsOn = [
          '^prisma',
          { target: 'build', projects: 'tag:scope:shared' },
          { target: 'build', projects: 'tag:type:app' },
        ];
      }
      if (root === 'tools') {
        // Its tests check the deployment files (validate:deploy), which belong to no project.
        project.tags = pkg.nx?.tags ?? [];
        project.targets.test.inputs = [
          ...TEST_INPUTS,
          '{workspaceRoot}/k8s/**/*',
          '{workspaceRoot}/docker-compose.yml',
          '{workspaceRoot}/Dockerfile',
          '{workspaceRoot}/apps/*/package.json',
        ];
      }
      return [file, { projects: { [root]: project } }];
    }),
];

module.exports = { name: 'toll', createNodes, createNodesV2: createNodes };
