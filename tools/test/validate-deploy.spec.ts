import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// validate:deploy on a copy of the deployment files: the repository's pass, and each kind of breakage that
// kustomize alone would render happily is reported by name.
const ROOT = join(__dirname, '../..');
const SCRIPT = join(ROOT, 'tools/validate-deploy.js');

function copyDeployFiles(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toll-deploy-'));
  for (const f of ['k8s', 'deploy', 'docker-compose.yml', 'Dockerfile', '.dockerignore'])
    cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  cpSync(join(ROOT, 'apps'), join(dir, 'apps'), {
    recursive: true,
    filter: (src) => !/node_modules|dist|generated|\/src\/|\/test\//.test(src.slice(ROOT.length)),
  });
  return dir;
}

const validate = (dir: string) => spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
const edit = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: nothing to replace`);
  writeFileSync(file, next);
};

describe('validate:deploy', () => {
  let dir: string;
  beforeEach(() => (dir = copyDeployFiles()));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes on the repository and checks every rendered object against the Kubernetes schemas', () => {
    const r = validate(dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('every rendered object valid against the Kubernetes schemas');
    expect(r.stdout).toMatch(/k8s\/overlays\/production renders .*PodDisruptionBudget\/weather/);
  });

  it('fails on a manifest that renders but breaks the schema, the budget or the drain rules', () => {
    const weather = join(dir, 'k8s/apps/weather');
    edit(
      join(weather, 'deployment.yaml'),
      '{ name: http, containerPort: 8081 }',
      '{ name: http, containerPort: "8081" }',
    );
    edit(join(weather, 'kustomization.yaml'), '  - pdb.yaml\n', '');
    edit(
      join(dir, 'k8s/components/app/deployment.yaml'),
      'terminationGracePeriodSeconds: 45',
      'terminationGracePeriodSeconds: 31',
    );
    edit(
      join(dir, 'k8s/apps/payments/deployment.yaml'),
      /- name: PAYMENTS_MEMO_SECRET\n\s*valueFrom: .*\n/,
      '- { name: PAYMENTS_MEMO_SECRET, value: hunter2hunter2hunter2hunter2hunter2 }\n',
    );

    const r = validate(dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'k8s/apps/weather: Deployment/weather: does not match the Kubernetes apps/v1 Deployment schema: ' +
        'data/spec/template/spec/containers/0/ports/0/containerPort must be integer',
    );
    expect(r.stderr).toContain('k8s/overlays/production: Deployment weather has 2 replicas and 0 PodDisruptionBudgets');
    expect(r.stderr).toContain(
      'terminationGracePeriodSeconds 31 does not cover the drain: preStop 5 s + SHUTDOWN_TIMEOUT_MS 35000 ms + 5 ' +
        's = 45 s',
    );
    expect(r.stderr).toContain(
      'k8s/overlays/production: Deployment payments, container app: PAYMENTS_MEMO_SECRET is set inline',
    );
  });
});
