// Writes one `## <title>` section of docs/benchmarks.md (or another doc, e.g. the soak's in docs/reliability.md),
// replacing the previous run of the same benchmark.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const FILE = path.join(__dirname, '..', '..', 'docs', 'benchmarks.md');
const HEADER = '# Benchmarks\n\nMeasured figures only; each section says how it was run and how to reproduce it.\n';

const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} ` +
  `GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;

function writeSection(title, body, file = FILE) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const sections = current.split(/^(?=## )/m);
  const head = sections[0].startsWith('## ') ? HEADER : sections.shift();
  const next = `## ${title}\n\n${body.trim()}\n\n`;
  const index = sections.findIndex((s) => s.startsWith(`## ${title}\n`));
  if (index >= 0) sections[index] = next;
  else sections.push(next);
  writeFileSync(file, head.trimEnd() + '\n\n' + sections.map((x) => x.trimEnd()).join('\n\n') + '\n');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

module.exports = { writeSection, machine, percentile };
