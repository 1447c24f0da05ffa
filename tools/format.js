#!/usr/bin/env node
// `npm run format`: prettier over the code (.ts, .js, .mjs, .cjs that git knows and .prettierignore does not name),
// then tools/long-lines.js (comments and strings prettier leaves over the width) and prettier again, until nothing
// changes. Idempotent: a second run writes nothing. `npm run lint` checks the prettier half (`prettier --check`).
// Prints the files written and the lines still over the width, by kind.
const { execFileSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const prettier = require('prettier');
const { longLines, WIDTH } = require('./long-lines');

const ROOT = path.join(__dirname, '..');
const CODE = /\.(ts|js|mjs|cjs)$/;
const IGNORE = [path.join(ROOT, '.gitignore'), path.join(ROOT, '.prettierignore')];

// What is left over the width, by the reason it was left.
function kind(line) {
  const t = line.trim();
  if (/^(\/\/|\*|\/\*)/.test(t) || / \/\/ /.test(t)) return 'comment (one word wider than the room, or a directive)';
  if (/^(it|test|describe)(\.\w+)*\(/.test(t)) return 'test title';
  if (/(^|[=(,:\s])\/.*\/[dgimsuy]*[),;.]?$/.test(t) && /\\[dswbDSW.(]|\[\^?/.test(t)) return 'regex literal';
  if (/`/.test(t)) return 'template literal';
  if (/['"]/.test(t)) return 'string without a space to split at';
  return 'other';
}

// One file's text through prettier, then the codemod and prettier until nothing changes.
async function formatText(rel, original, options) {
  let text = await prettier.format(original, options);
  for (let pass = 0; ; pass++) {
    const next = longLines(rel, text);
    if (next === text) return text;
    if (pass === 5) throw new Error(`${rel}: no fixed point after ${pass} passes`);
    text = await prettier.format(next, options);
  }
}

async function main() {
  // `--stdin <path>`: formats standard input as that file would be, to standard output (tools/test/long-lines.spec.ts).
  if (process.argv[2] === '--stdin') {
    const file = path.resolve(process.argv[3]);
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    process.stdout.write(await formatText(process.argv[3], readFileSync(0, 'utf8'), options));
    return;
  }
  const started = Date.now();
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
    .split('\n')
    .filter((f) => CODE.test(f));
  const written = [];
  const left = new Map();
  for (const rel of listed) {
    const file = path.join(ROOT, rel);
    let original;
    try {
      original = readFileSync(file, 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    if ((await prettier.getFileInfo(file, { ignorePath: IGNORE })).ignored) continue;
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    const text = await formatText(rel, original, options);
    if (text !== original) {
      writeFileSync(file, text);
      written.push(rel);
    }
    for (const line of text.split('\n')) if (line.length > WIDTH) left.set(kind(line), (left.get(kind(line)) ?? 0) + 1);
  }
  console.log(
    `format: ${listed.length} files read, ${written.length} written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`lines over ${WIDTH} left, by kind:`);
  for (const [k, n] of [...left].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${k}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
