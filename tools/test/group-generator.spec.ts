import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../..');
// What a group needs around it: the workspace files, the libs it builds on (with their dist, so only the new app
// is compiled), the deploy files add-app-deploy.py edits, and the eval folder. Other apps are left out: faster.
const COPY = [
  'package.json',
  '.prettierrc',
  '.prettierignore',
  'nx.json',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'jest.config.js',
  'docker-compose.yml',
  'tools',
  'k8s',
  'deploy',
  'apps/discovery/eval/tasks',
];
const LIBS = ['contracts', 'platform', 'telemetry', 'upstream', 'testing', 'x402'];

// `npx nx g ./tools/generators:group` in a scratch copy of the workspace: the group it writes builds and passes its own
// wire test.
describe('group generator', () => {
  let scratch: string;
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: 'true' };
  // A failure's message carries what the command printed (tsc writes its errors to stdout).
  const run = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { cwd: scratch, encoding: 'utf8', stdio: 'pipe', env });
    } catch (e) {
      const { message, stdout } = e as { message: string; stdout?: string };
      throw new Error(`${message}${stdout ?? ''}`);
    }
  };

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'toll-group-gen-'));
    // Timestamps kept: libs whose dist is up to date with their sources are not compiled again.
    const copy = (p: string) =>
      cpSync(join(REPO, p), join(scratch, p), {
        recursive: true,
        preserveTimestamps: true,
        filter: (src) => !src.includes('node_modules'),
      });
    [...COPY, ...LIBS.map((lib) => `libs/${lib}`)].forEach(copy);
    // The installed packages, but @toll/* pointing at the scratch copy (the repo's links point at the repo's libs).
    mkdirSync(join(scratch, 'node_modules/@toll'), { recursive: true });
    mkdirSync(join(scratch, 'e2e')); // jest.config.js lists it as a project
    for (const entry of readdirSync(join(REPO, 'node_modules')))
      if (entry !== '@toll') symlinkSync(join(REPO, 'node_modules', entry), join(scratch, 'node_modules', entry));
    for (const lib of LIBS) symlinkSync(join(scratch, 'libs', lib), join(scratch, 'node_modules/@toll', lib), 'dir');
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('creates a group with its seven files, health, probes, README, fixtures, eval tasks and deploy entries; it builds and its test passes', () => {
    const out = run('npx', [
      'nx',
      'g',
      './tools/generators:group',
      'parcel',
      '--title',
      'Parcel Tracking',
      '--no-interactive',
    ]);
    expect(out).toContain(
      'parcel: tsconfig, compose, k8s wired (2 replicas, PodDisruptionBudget, HorizontalPodAutoscaler)',
    );
    for (const f of [
      'package.json',
      'tsconfig.build.json',
      'README.md',
      'src/main.ts',
      'src/bootstrap.ts',
      'src/app.module.ts',
      'src/config.ts',
      'src/pricing.ts',
      'src/parcel.controller.ts',
      'src/parcel.schemas.ts',
      'src/parcel.service.ts',
      'src/probes.ts',
      'src/upstreams/parcel-api.client.ts',
      'test/parcel.wire.spec.ts',
      'test/fixtures/README.md',
      'test/fixtures/parcel-api/item-ok.json',
    ]) {
      expect(existsSync(join(scratch, 'apps/parcel', f))).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(scratch, 'apps/discovery/eval/tasks/parcel.json'), 'utf8')).tasks).toEqual([]);
    expect(readFileSync(join(scratch, 'docker-compose.yml'), 'utf8')).toContain('\n  parcel:\n    <<: *app\n');
    expect(readFileSync(join(scratch, 'k8s/overlays/production/kustomization.yaml'), 'utf8')).toContain(
      '../../apps/parcel\n',
    );
    expect(JSON.parse(readFileSync(join(scratch, 'tsconfig.build.json'), 'utf8')).references).toContainEqual({
      path: 'apps/parcel/tsconfig.build.json',
    });
    expect(() => run('npx', ['nx', 'g', './tools/generators:group', 'parcel', '--no-interactive'])).toThrow(
      /apps\/parcel already exists/,
    );

    run('npx', ['prettier', '--check', 'apps/parcel', 'apps/discovery/eval/tasks/parcel.json']); // throws unless formatted
    run('npx', ['tsc', '-b', 'apps/parcel/tsconfig.build.json']);
    expect(existsSync(join(scratch, 'apps/parcel/dist/main.js'))).toBe(true);
    // throws unless every test passes
    run('npx', ['jest', '-c', 'jest.config.js', '--selectProjects', 'parcel', '--ci']);
  }, 180_000);
});
