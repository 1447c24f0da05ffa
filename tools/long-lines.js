// What prettier leaves over the print width, rewrapped (tools/format.js runs this between prettier passes):
//  - `//` comment runs and block comments: a paragraph holding a long line is refilled from that line on, at word
//    boundaries, keeping its indentation, marker and list hanging indent; a trailing `//` comment on a long line
//    moves above that line; a one-line `/* … */` on its own line becomes a multi-line block;
//  - plain string literals and untagged one-line template literals: split at spaces into `'…' + '…'`, so the value
//    stays byte-identical. Left alone: module specifiers, property names, literal types, `case` labels, element
//    access keys, directives, test titles (prettier keeps `it('…', () => {` on one line; a concatenation would
//    re-indent the whole test), and regex literals.
// Every result is checked: the code tokens, the folded string values and the comment words must be unchanged.
const ts = require('typescript');

const WIDTH = 120;
// Comments that act on the next line or are tool syntax: never rewrapped, never moved, nothing put between.
const DIRECTIVE =
  /^(\/\/\/|\/\/\s*(eslint|@ts-|prettier-ignore|istanbul|c8 |jshint|global |#)|\/\*\s*(eslint|prettier-ignore|istanbul|c8 |global |jshint|webpack))/;
const LIST = /^([-*•+]|\d+[.)])\s+/;
const TEST_CALLS = new Set(['it', 'test', 'describe', 'fit', 'xit', 'xtest', 'fdescribe', 'xdescribe']);

function parse(file, text) {
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

// Every token of the file, in order (JSDoc nodes stay in the trivia they are part of).
function leaves(sf) {
  const out = [];
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sf);
    if (children.length === 0) out.push(node);
    else children.forEach(visit);
  };
  visit(sf);
  return out;
}

// The comments, read from the trivia before each token.
function comments(sf, tokens) {
  const text = sf.text;
  const out = [];
  for (const token of tokens) {
    let i = token.pos;
    const end = token.getStart(sf);
    if (i === 0 && text.startsWith('#!')) i = text.indexOf('\n');
    while (i >= 0 && i < end) {
      if (text.startsWith('//', i)) {
        let j = text.indexOf('\n', i);
        if (j < 0 || j > end) j = end;
        out.push({ pos: i, end: j, line: true });
        i = j;
      } else if (text.startsWith('/*', i)) {
        const j = text.indexOf('*/', i + 2) + 2;
        out.push({ pos: i, end: j, line: false });
        i = j;
      } else i++;
    }
  }
  return out;
}

const STRINGISH = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);
const isPlus = (n) => ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken;
const up = (n) => {
  let p = n.parent;
  while (p && ts.isParenthesizedExpression(p)) p = p.parent;
  return p;
};

// What the file means, as far as this codemod may touch it: code tokens (without string pieces, `+` and parentheses),
// every `+` chain's string value with its non-string operands as placeholders, and the comments' words.
function signature(file, text) {
  const sf = parse(file, text);
  const tokens = leaves(sf);
  const code = tokens
    .filter(
      (t) =>
        !STRINGISH.has(t.kind) &&
        ![ts.SyntaxKind.PlusToken, ts.SyntaxKind.OpenParenToken, ts.SyntaxKind.CloseParenToken].includes(t.kind),
    )
    .map((t) => t.getText(sf));
  const strings = [];
  const operands = (n) => {
    while (ts.isParenthesizedExpression(n)) n = n.expression;
    return isPlus(n) ? [...operands(n.left), ...operands(n.right)] : [n];
  };
  const pieces = (n) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return [{ t: n.text }];
    if (ts.isTemplateExpression(n) && !ts.isTaggedTemplateExpression(n.parent))
      return [
        { t: n.head.text },
        ...n.templateSpans.flatMap((s) => [{ e: s.expression.getText(sf) }, { t: s.literal.text }]),
      ];
    return [{ e: '' }];
  };
  const visit = (n) => {
    const stringish = ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n);
    if ((stringish || isPlus(n)) && !(up(n) && isPlus(up(n)))) {
      const merged = [];
      for (const piece of operands(n).flatMap(pieces)) {
        const last = merged[merged.length - 1];
        if ('t' in piece && last && 't' in last) last.t += piece.t;
        else merged.push({ ...piece });
      }
      if (merged.some((p) => 't' in p)) strings.push(merged);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const words = comments(sf, tokens).flatMap((c) =>
    text
      .slice(c.pos, c.end)
      .replace(/^\/\/+|^\/\*+|\*+\/$/g, '')
      .split('\n')
      .map((l) => (c.line ? l : l.replace(/^\s*\*(?!\/)/, '')))
      .join(' ')
      .split(/\s+/)
      .filter(Boolean),
  );
  return JSON.stringify({ code, strings, words });
}

// Greedy fill: words onto lines no wider than WIDTH, the first line after `first`, the others after `next`.
function fill(words, first, next) {
  const lines = [];
  let line = first;
  let empty = true;
  for (const w of words) {
    if (!empty && line.length + 1 + w.length > WIDTH) {
      lines.push(line);
      line = next + w;
    } else line = empty ? line + w : `${line} ${w}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

// Refills the paragraphs of a comment whose lines are given as { start, end, base, content } (base: the text before
// the content, e.g. `  // ` or `   * `). Returns edits.
function refill(lines, text) {
  const edits = [];
  const paragraphs = [];
  let current = null;
  for (const l of lines) {
    const c = l.content;
    const lead = c.length - c.trimStart().length;
    const rest = c.slice(lead);
    const list = LIST.exec(rest);
    const pre = !rest || /```|\S {2,}\S|^\||^@example/.test(rest) || DIRECTIVE.test(text.slice(l.start).trimStart());
    if (pre) current = null;
    else if (list)
      paragraphs.push((current = { hanging: lead + list[0].length, lines: [{ ...l, head: lead + list[0].length }] }));
    else if (/^@\w/.test(rest)) paragraphs.push((current = { hanging: 0, lines: [{ ...l, head: lead }] }));
    else if (current && lead === current.hanging) current.lines.push({ ...l, head: lead });
    else if (lead === 0) paragraphs.push((current = { hanging: 0, lines: [{ ...l, head: 0 }] }));
    else current = null;
  }
  for (const p of paragraphs) {
    const k = p.lines.findIndex((l) => l.end - lineStartOf(text, l.start) > WIDTH);
    if (k < 0) continue;
    const from = p.lines[k];
    const last = p.lines[p.lines.length - 1];
    const words = p.lines
      .slice(k)
      .flatMap((l, i) => (i === 0 ? l.content.slice(l.head) : l.content).split(/\s+/).filter(Boolean));
    const first = text.slice(lineStartOf(text, from.start), from.start) + from.base + from.content.slice(0, from.head);
    const next = text.slice(lineStartOf(text, from.start), from.start) + from.base + ' '.repeat(p.hanging);
    const start = lineStartOf(text, from.start);
    const replacement = fill(words, first, next).join('\n');
    if (replacement !== text.slice(start, last.end)) edits.push({ start, end: last.end, text: replacement });
  }
  return edits;
}

function lineStartOf(text, pos) {
  return text.lastIndexOf('\n', pos - 1) + 1;
}
function lineEndOf(text, pos) {
  const j = text.indexOf('\n', pos);
  return j < 0 ? text.length : j;
}

function commentEdits(sf, tokens) {
  const text = sf.text;
  const all = comments(sf, tokens);
  const tokenStarts = new Set(tokens.map((t) => t.getStart(sf)));
  const edits = [];
  const ownLine = (c) => /^\s*$/.test(text.slice(lineStartOf(text, c.pos), c.pos));
  const long = (pos) => lineEndOf(text, pos) - lineStartOf(text, pos) > WIDTH;
  const body = (c) => text.slice(c.pos, c.end);

  // Runs of own-line `//` comments with the same indentation.
  const runs = [];
  for (const c of all) {
    if (!c.line || !ownLine(c)) continue;
    const indent = text.slice(lineStartOf(text, c.pos), c.pos);
    const prev = runs[runs.length - 1];
    const prevEnd = prev && prev.items[prev.items.length - 1].end;
    if (prev && prev.indent === indent && text.slice(prevEnd, lineStartOf(text, c.pos)) === '\n') prev.items.push(c);
    else runs.push({ indent, items: [c] });
  }
  for (const run of runs) {
    if (!run.items.some((c) => long(c.pos))) continue;
    const lines = run.items.map((c) => {
      const b = body(c);
      const spaced = b.startsWith('// ') || b === '//';
      // Not `// text` (e.g. `//text`, `///`): kept as it is (an empty content is a paragraph break).
      return { start: c.pos, end: c.end, base: '// ', content: spaced && !DIRECTIVE.test(b) ? b.slice(3) : '' };
    });
    edits.push(...refill(lines, text));
  }

  for (const c of all) {
    const b = body(c);
    if (DIRECTIVE.test(b) || !long(c.pos)) continue;
    const start = lineStartOf(text, c.pos);
    const indent = /^\s*/.exec(text.slice(start))[0];
    if (c.line && !ownLine(c)) {
      // A trailing comment: above its line, unless the line starts inside a token or follows a directive.
      const onLine = all.filter((o) => o !== c && o.pos >= start && o.pos < c.pos);
      const prevLine = text.slice(lineStartOf(text, start - 1), start - 1).trim();
      if (onLine.length || !tokenStarts.has(start + indent.length) || DIRECTIVE.test(prevLine)) continue;
      if (!b.startsWith('// ')) continue;
      const code = text.slice(start, c.pos).trimEnd();
      const moved = fill(b.slice(3).split(/\s+/).filter(Boolean), `${indent}// `, `${indent}// `).join('\n');
      edits.push({ start, end: c.end, text: `${moved}\n${code}` });
    } else if (!c.line && ownLine(c) && lineEndOf(text, c.end) === c.end) {
      const lines = b.split('\n');
      if (lines.length === 1) {
        // `/** text */` on one line: a block with one ` * ` line per WIDTH.
        const m = /^(\/\*\*?)\s*(.*?)\s*\*\/$/.exec(b);
        if (!m || !m[2]) continue;
        const wrapped = fill(m[2].split(/\s+/), `${indent} * `, `${indent} * `);
        edits.push({ start: c.pos, end: c.end, text: `${m[1]}\n${wrapped.join('\n')}\n${indent} */` });
      } else {
        // A multi-line block: its ` * text` lines, the first and last kept as they are.
        let pos = c.pos + lines[0].length + 1;
        const inner = [];
        for (const l of lines.slice(1, -1)) {
          const m = /^(\s*\*)( ?)(.*)$/.exec(l);
          inner.push(
            m && (m[2] || !m[3])
              ? { start: pos + m[1].length - m[1].trimStart().length, end: pos + l.length, base: '* ', content: m[3] }
              : { start: pos, end: pos + l.length, base: '', content: '' },
          );
          pos += l.length + 1;
        }
        edits.push(...refill(inner, text));
      }
    }
  }
  return edits;
}

// Literals that may become concatenations: not where the language or a tool needs one literal, nor a test's title.
function splittable(node) {
  const p = node.parent;
  if (ts.isTaggedTemplateExpression(p)) return false;
  if ((ts.isAsExpression(p) || ts.isSatisfiesExpression(p)) && p.type.getText() === 'const') return false;
  if (
    ts.isImportDeclaration(p) ||
    ts.isExportDeclaration(p) ||
    ts.isExternalModuleReference(p) ||
    ts.isModuleDeclaration(p) ||
    ts.isImportAttribute?.(p) ||
    ts.isExpressionStatement(p) ||
    ts.isCaseClause(p) ||
    (ts.isElementAccessExpression(p) && p.argumentExpression === node) ||
    ts.isComputedPropertyName(p) ||
    (p.name === node && !ts.isPropertyAccessExpression(p))
  )
    return false;
  for (let a = p; a && !ts.isSourceFile(a); a = a.parent) {
    if (ts.isTypeNode(a) && !ts.isExpressionWithTypeArguments(a)) return false;
    if (ts.isStatement(a) || ts.isClassElement(a)) break;
  }
  if (ts.isCallExpression(p)) {
    const callee = p.expression.getText();
    if (
      /^(require|require\.resolve|jest\.(mock|requireActual|unmock|doMock))$/.test(callee) ||
      p.expression.kind === ts.SyntaxKind.ImportKeyword
    )
      return false;
    const root = callee.split('.')[0].replace(/\(.*$/s, '');
    if (TEST_CALLS.has(root) && p.arguments[0] === node) return false;
  }
  return true;
}

// Whether `node` replaced by `a + b` must be wrapped in parentheses to keep its meaning.
function needsParens(node) {
  const p = node.parent;
  if (ts.isBinaryExpression(p)) {
    const op = p.operatorToken.kind;
    const tighter = [
      ts.SyntaxKind.MinusToken,
      ts.SyntaxKind.AsteriskToken,
      ts.SyntaxKind.SlashToken,
      ts.SyntaxKind.PercentToken,
      ts.SyntaxKind.AsteriskAsteriskToken,
    ];
    return tighter.includes(op);
  }
  return !(
    ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(node)) ||
    ts.isVariableDeclaration(p) ||
    ts.isPropertyAssignment(p) ||
    ts.isPropertyDeclaration(p) ||
    ts.isParameter(p) ||
    ts.isBindingElement(p) ||
    ts.isArrayLiteralExpression(p) ||
    ts.isReturnStatement(p) ||
    ts.isThrowStatement(p) ||
    ts.isArrowFunction(p) ||
    ts.isTemplateSpan(p) ||
    ts.isParenthesizedExpression(p) ||
    ts.isConditionalExpression(p) ||
    ts.isSpreadElement(p) ||
    ts.isExportAssignment(p)
  );
}

// Offsets (into `raw`) where a piece may end, within [from, to]: after a run of unescaped spaces (`spaces`), or
// after unescaped punctuation where a long word such as a URL, a token or markup can be cut (`soft`).
function breaks(raw, from, to, spaces, soft) {
  for (let i = Math.max(from, 1); i <= to && i < raw.length; i++) {
    const space = raw[i - 1] === ' ' && raw[i] !== ' ';
    if (!space && !(/[.,;:/&>|)\]-]/.test(raw[i - 1]) && raw[i] !== raw[i - 1])) continue;
    let backslashes = 0;
    for (let j = i - 2; j >= 0 && raw[j] === '\\'; j--) backslashes++;
    if (backslashes % 2 === 0) (space ? spaces : soft).push(i);
  }
}

function stringEdits(sf) {
  const text = sf.text;
  const edits = [];
  const visit = (node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
    if (!literal) return ts.forEachChild(node, visit);
    const start = node.getStart(sf);
    const raw = text.slice(start, node.end);
    const lineStart = lineStartOf(text, start);
    if (raw.includes('\n') || lineEndOf(text, start) - lineStart <= WIDTH || raw.length < 30 || !splittable(node))
      return;
    const indent = /^\s*/.exec(text.slice(lineStart))[0].length;
    if (node.end - lineStart <= WIDTH && raw.length <= WIDTH - indent - 8) return; // something else makes the line long
    // Offsets where a piece may end: after spaces, only in the literal text (never inside `${…}`).
    // Where a piece may end: only in the literal text, never inside `${…}` (though right before or after one).
    const spaces = [];
    const soft = [];
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head, ...node.templateSpans.map((s) => s.literal)];
      for (const part of parts) {
        const s = part.getStart(sf) - start;
        const textEnd = part.end - start - (ts.isTemplateTail(part) ? 1 : 2);
        breaks(raw, s + 1, textEnd, spaces, soft);
        if (part !== node.head) soft.push(s + 1);
        if (!ts.isTemplateTail(part)) soft.push(textEnd);
      }
    } else breaks(raw, 1, raw.length - 1, spaces, soft);
    soft.sort((a, b) => a - b);
    const budget = Math.max(40, WIDTH - indent - 8);
    const quote = raw[0];
    const end = raw.length - 1;
    const pieces = [];
    let from = 1;
    while (end - from > budget) {
      const fits = (cuts) => cuts.filter((c) => c > from && c < end && c - from <= budget).pop();
      // Past the budget (one long word or substitution): only worth it when what follows is not a scrap.
      const beyond = (cuts) => cuts.find((c) => c > from && end - c >= 20);
      const cut = fits(spaces) ?? fits(soft) ?? beyond(spaces) ?? beyond(soft);
      if (cut === undefined) break;
      pieces.push(raw.slice(from, cut));
      from = cut;
    }
    if (!pieces.length) return;
    pieces.push(raw.slice(from, raw.length - 1));
    const joined = pieces.map((p) => quote + p + quote).join(' + ');
    edits.push({ start, end: node.end, text: needsParens(node) ? `(${joined})` : joined });
  };
  visit(sf);
  return edits;
}

// One pass over a (prettier-formatted) file; returns the new text (the same text when there is nothing to do).
function longLines(file, text) {
  const sf = parse(file, text);
  const tokens = leaves(sf);
  const edits = [...commentEdits(sf, tokens), ...stringEdits(sf)].sort((a, b) => a.start - b.start || a.end - b.end);
  // Overlapping edits wait for the next pass.
  const kept = [];
  for (const e of edits) {
    const last = kept[kept.length - 1];
    if (last && e.start < last.end) continue;
    kept.push(e);
  }
  let out = text;
  for (const e of kept.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  if (out !== text && signature(file, out) !== signature(file, text))
    throw new Error(`${file}: the long-lines codemod would change code, a string value or a comment's words`);
  return out;
}

module.exports = { longLines, signature, WIDTH };
