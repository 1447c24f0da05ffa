#!/usr/bin/env node
// How much of the discovery matcher is hand-written word lists and phrase rules (issue 39): the bytes of every string,
// template and regex literal in the matcher's source, as written (UTF-8, quotes and slashes included), found with
// TypeScript's own scanner. Counted: apps/discovery/src/*.ts except tests and the service's plumbing (controller,
// schemas, service, repository, registry feed, config, module, bootstrap, main, Prisma), which name routes, fields and
// settings rather than words of tasks. Import paths are not counted: they are not rules.
// Usage: node tools/bench/match-literals.js [dir]   (prints one line per file and the total, bytes and KB)
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const dir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', 'apps', 'discovery', 'src'));
const PLUMBING = /(\.spec|controller|schemas|service|repository|registry-feed|config|module|bootstrap|main)\.ts$/;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !PLUMBING.test(f))
  .sort();

function literalBytes(file) {
  const source = ts.createSourceFile(file, readFileSync(path.join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
  let bytes = 0;
  const visit = (node) => {
    const isImport = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      bytes += Buffer.byteLength(node.getText(source));
    }
    ts.forEachChild(node, (child) => (isImport && child === node.moduleSpecifier ? undefined : visit(child)));
  };
  visit(source);
  return bytes;
}

let total = 0;
for (const file of files) {
  const bytes = literalBytes(file);
  total += bytes;
  console.log(`${String(bytes).padStart(7)}  ${file}`);
}
console.log(
  `${String(total).padStart(7)}  total (${(total / 1024).toFixed(1)} KB) in ` +
    `${path.relative(process.cwd(), dir) || '.'}`,
);
