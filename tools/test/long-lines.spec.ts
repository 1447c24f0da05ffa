import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as ts from 'typescript';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { longLines } = require('../long-lines') as { longLines: (file: string, text: string) => string };

// tools/format.js on one file (prettier with the repo's .prettierrc, then the codemod and prettier until nothing
// changes), in a child process: prettier's API loads its plugins with import(), which jest's CommonJS runtime lacks.
const format = (text: string, file = 'tools/test/sample.ts') =>
  execFileSync('node', [join(__dirname, '../format.js'), '--stdin', file], {
    input: text,
    encoding: 'utf8',
    cwd: join(__dirname, '../..'),
  });
const prettierOnly = (text: string) =>
  execFileSync(
    'node',
    [join(__dirname, '../../node_modules/prettier/bin/prettier.cjs'), '--stdin-filepath', 'tools/test/sample.ts'],
    {
      input: text,
      encoding: 'utf8',
      cwd: join(__dirname, '../..'),
    },
  );
const exportsOf = (source: string) => {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const exports: Record<string, unknown> = {};
  new Function('exports', 'escape', js)(exports, (s: string) => `<${s}>`);
  return exports;
};
const long = (text: string) => text.split('\n').filter((l) => l.length > 120);

describe('long-lines codemod', () => {
  it('splits long strings and templates at spaces (or punctuation in one long word) and keeps every value', () => {
    const source = [
      `export const plain = 'This message goes on and on and on, far beyond the print width of one hundred and ` +
        `twenty characters, really it does.';`,
      `export const escapes = 'escapes \\\\ and \\' quotes and \\x41 hex and \\u{1F600} and a \\ space, long ` +
        `enough to need splitting across lines here ok';`,
      `export const word = ` +
        `'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.` +
        `eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36';`,
      `const n = 42;`,
      `export const template = \`the answer is \${n} and \${escape('x y')} while this template keeps going past ` +
        `the width of one hundred and twenty, plainly\`;`,
      `export const mixed = n + ' and then a long suffix string that takes the line beyond the width of one ` +
        `hundred and twenty, certainly.';`,
      `export const length = 'a string literal whose length is read, long enough to go past the width of the ` +
        `line for sure, yes indeed'.length;`,
    ].join('\n');
    const out = format(source);
    expect(out).not.toBe(prettierOnly(source));
    expect(long(out)).toEqual([]);
    expect(exportsOf(out)).toEqual(exportsOf(source));
    expect(format(out)).toBe(out);
  });

  it('rewraps comment paragraphs, list items and one-line blocks; a long trailing comment moves above its line', () => {
    const words =
      'every word of this comment stays in its order while the paragraph is filled again up to the width of the line';
    const source = [
      `// ${words}, twice: ${words}.`,
      '// A line of the same paragraph.',
      '//',
      `//  - a list item: ${words}.`,
      '//    its second line.',
      `/** A one-line block: ${words}. */`,
      `export const x = 1; // a trailing comment: ${words}.`,
      '// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars, ' +
        'no-console, no-debugger',
      'export const y: any = 2;',
    ].join('\n');
    const out = format(source);
    expect(out).toBe(
      [
        '// every word of this comment stays in its order while the paragraph is filled again up to the width of ' +
          'the line, twice:',
        '// every word of this comment stays in its order while the paragraph is filled again up to the width of ' +
          'the line. A line',
        '// of the same paragraph.',
        '//',
        '//  - a list item: every word of this comment stays in its order while the paragraph is filled again up ' +
          'to the width of',
        '//    the line. its second line.',
        '/**',
        ' * A one-line block: every word of this comment stays in its order while the paragraph is filled again ' +
          'up to the width',
        ' * of the line.',
        ' */',
        '// a trailing comment: every word of this comment stays in its order while the paragraph is filled ' +
          'again up to the width',
        '// of the line.',
        'export const x = 1;',
        '// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars, ' +
          'no-console, no-debugger',
        'export const y: any = 2;',
        '',
      ].join('\n'),
    );
  });

  it('leaves what must stay one literal: module specifiers, keys, literal types, tagged templates, test titles', () => {
    const pad = 'x'.repeat(30);
    const source = [
      `import { a } from './a-module-with-a-very-long-name-that-goes-past-the-width-of-the-line-${pad} and more ` +
        `words ok';`,
      `export const k = { 'a long key that must stay a key because a key is one literal, certainly, absolutely ` +
        `yes ${pad}': a };`,
      `export type T = 'a literal type that must stay literal because a type cannot be a concatenation, never ${pad}';`,
      `export const q = sql\`SELECT a very long tagged template that is never split: the tag receives the ` +
        `strings ${pad}\`;`,
      `it('a very long test title that stays, since a concatenation would re-indent the whole test body ${pad}', ` +
        `() => {`,
      '  expect(1).toBe(1);',
      '});',
      `switch (a) { case 'a case label that stays one literal, since it is compared as a whole by switch, always ` +
        `${pad}': break; }`,
    ].join('\n');
    const once = prettierOnly(source);
    expect(long(once).length).toBe(6);
    expect(longLines('sample.ts', once)).toBe(once);
  });
});
