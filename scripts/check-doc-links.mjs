// Relative links in the Markdown files, checked (run by `npm run lint`): every `[text](target)`
// that is not a URL must name a file or folder that exists, and a `#anchor` must name a heading
// of the target Markdown file (GitHub's heading ids). Code spans and fenced blocks are skipped.
// `--root DIR` checks another tree (the unit test uses it). Exits 1 and lists what is broken.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootArg = process.argv.indexOf('--root');
const root =
  rootArg > 0
    ? resolve(process.argv[rootArg + 1])
    : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results']);

function markdownFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || SKIP_DIRS.has(name) || name.startsWith('data')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...markdownFiles(full));
    else if (name.endsWith('.md')) out.push(full);
  }
  return out;
}

/** The text without fenced blocks and code spans, so example links are not checked. */
function prose(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's id of a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file) {
  const seen = new Map();
  const ids = new Set();
  for (const line of prose(readFileSync(file, 'utf8')).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

const problems = [];
for (const file of markdownFiles(root)) {
  const text = prose(readFileSync(file, 'utf8'));
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, mailto:…
    const [path, anchor] = link.split('#');
    const target = path ? resolve(dirname(file), decodeURI(path)) : file;
    const where = relative(root, file);
    if (!existsSync(target)) {
      problems.push(`${where}: ${link} — no such file`);
    } else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) {
      problems.push(`${where}: ${link} — no heading #${anchor} in ${relative(root, target)}`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Broken relative links in Markdown (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
