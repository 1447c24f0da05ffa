// `nx release` version actions: what @nx/js does (package.json version, lock file), plus the released app's
// image tag in the production overlay, and nothing else: every other app keeps the tag it runs.
'use strict';
const JsVersionActions = require('@nx/js/src/release/version-actions').default;
const { afterAllProjectsVersioned } = require('@nx/js/src/release/version-actions');

const OVERLAY = 'k8s/overlays/production/kustomization.yaml';

class TollVersionActions extends JsVersionActions {
  async updateProjectVersion(tree, newVersion) {
    const logs = await super.updateProjectVersion(tree, newVersion);
    const name = this.projectGraphNode.name;
    const text = tree.read(OVERLAY, 'utf-8');
    const entry = new RegExp(`(- \\{ name: toll/${name}, newTag: ")[^"]*(" \\})`);
    if (!entry.test(text))
      throw new Error(`${OVERLAY} has no image entry for toll/${name}: run python3 tools/add-app-deploy.py ${name}`);
    tree.write(OVERLAY, text.replace(entry, `$1${newVersion}$2`));
    return [...logs, `✍️  New image tag toll/${name}:${newVersion} in ${OVERLAY}`];
  }
}

module.exports = TollVersionActions;
module.exports.default = TollVersionActions;
module.exports.afterAllProjectsVersioned = afterAllProjectsVersioned;
