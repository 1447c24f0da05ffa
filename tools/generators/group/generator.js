// `npx nx g ./tools/generators:group <name> [--title "Tag Name"]`: a new group with everything
// docs/new-group-checklist.md asks for at creation (README "Adding a group"): package.json, tsconfig.build.json, the
// seven files (main, app.module, config, pricing, controller with one @TollRoute per operation, schemas, service), a
// health route, provider probes, one upstream client on @toll/upstream, a README, a fixture folder with its README, an
// eval task file for discovery, and a wire test over real NATS on @toll/testing. Deploy entries (tsconfig.build.json,
// docker-compose.yml, k8s/apps/<name>, the production overlay) come from tools/add-app-deploy.py, run once the files
// are written. The example operation is a template to replace: it is named so, and its fixture says so.
'use strict';
const { formatFiles, generateFiles, names, joinPathFragments } = require('@nx/devkit');
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

async function groupGenerator(tree, options) {
  const name = options.name;
  if (!NAME.test(name)) throw new Error(`group name "${name}" must be lower-case letters and digits, dash-separated`);
  const root = joinPathFragments('apps', name);
  if (tree.exists(root)) throw new Error(`${root} already exists`);
  const n = names(name);
  const vars = {
    name,
    className: n.className, // WeatherService
    propertyName: n.propertyName, // camelCase operationId prefix is the folder name itself
    constantName: n.constantName, // WEATHER: the config prefix
    title: options.title ?? n.className.replace(/([a-z])([A-Z])/g, '$1 $2'),
    tmpl: '',
  };
  generateFiles(tree, path.join(__dirname, 'files'), root, vars);
  tree.write(
    joinPathFragments('apps/discovery/eval/tasks', `${name}.json`),
    JSON.stringify(
      {
        note:
          `${vars.title}: tasks in a user's words for each operation, written before looking at match scores ` +
          `(docs/new-group-checklist.md). npm run bench:match reads them.`,
        tasks: [],
      },
      null,
      2,
    ) + '\n',
  );
  await formatFiles(tree); // the repo's prettier settings, so `npm run lint` passes on a new group as written
  if (options.skipDeploy) return undefined;
  // Files are on disk only after the generator returns: the deploy wiring runs then (not on --dry-run).
  return () => {
    execFileSync('python3', [path.join(tree.root, 'tools/add-app-deploy.py'), name], {
      cwd: tree.root,
      stdio: 'inherit',
    });
  };
}

module.exports = groupGenerator;
module.exports.default = groupGenerator;
