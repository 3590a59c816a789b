// Style scope, checked (run by `npm run lint`; docs/decisions/0069-style-scope.md).
//
// Every stylesheet in this app is global once loaded, so two features that both wrote
// `.photo-preview` styled each other's screens. The rule that makes that impossible:
//
// - Each owner of styles has class *blocks*, listed in OWNERS below. A class belongs to block B
//   when it is `B` or starts with `B-`. No block belongs to two owners and no block starts
//   another owner's block, so two owners can never define the same class.
// - src/app (the shell) and src/ui (shared widgets) hold the shared vocabulary (`btn`, `field`,
//   `form-alert`, `muted`…): their classes may not fall in a feature's block.
// - A feature's stylesheet styles only its own markup: every selector names at least one class
//   of the feature's own blocks, and no class of another owner's blocks. Element selectors,
//   shared classes and modifiers (`.active`) are fine under such an anchor.
// - src/ui's stylesheets follow the same rule with src/ui's blocks.
// - Markup (className strings in .ts/.tsx) of a feature never uses another feature's blocks, so
//   a feature cannot borrow, and so depend on, another feature's look.
//
// `--report` prints the counts and exits 0 whatever it finds.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportOnly = process.argv.includes('--report');

/** Owner (a folder under src) → its class blocks. A new feature adds its line here. */
export const OWNERS = {
  app: [],
  ui: ['ui', 'file', 'outbox', 'review'],
  'features/auth': ['auth'],
  'features/audit': ['audit'],
  'features/backups': ['backup'],
  'features/burials': ['burial'],
  'features/cemeteries': ['cemetery'],
  'features/graves': ['grave', 'graves', 'deadline', 'recad', 'comisso'],
  'features/map': ['map'],
  'features/offline': ['offline', 'pack'],
  'features/outbox': [],
  'features/search': ['search', 'suggestion'],
  'features/spreadsheets': ['sheet'],
  'features/tributes': ['tribute'],
  'features/users': ['user'],
  'features/work-orders': ['order', 'orders', 'request', 'cal'],
};

const inBlock = (cls, block) => cls === block || cls.startsWith(`${block}-`);
const ownerOfClass = (cls) =>
  Object.entries(OWNERS).find(([, blocks]) => blocks.some((b) => inBlock(cls, b)))?.[0];

function walk(dir, pattern) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full, pattern));
    else if (pattern.test(name)) out.push(full);
  }
  return out;
}

function ownerOfFile(file) {
  const rel = relative(join(root, 'src'), file).split(sep);
  if (rel[0] === 'features') return `features/${rel[1]}`;
  return rel[0];
}

/** Class names in a selector, ignoring attribute values and strings. */
function classesOf(selector) {
  const bare = selector.replace(/\[[^\]]*\]/g, '').replace(/(["'])(?:\\.|(?!\1).)*\1/g, '');
  return [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
}

const problems = [];
let cssFiles = 0;
let selectors = 0;
let markupFiles = 0;

// Blocks never overlap between owners.
const allBlocks = Object.entries(OWNERS).flatMap(([owner, blocks]) =>
  blocks.map((block) => ({ owner, block })),
);
for (const a of allBlocks) {
  for (const b of allBlocks) {
    if (a.owner !== b.owner && inBlock(b.block, a.block)) {
      problems.push(`blocks: "${b.block}" (${b.owner}) falls in "${a.block}" (${a.owner})`);
    }
  }
}

for (const file of walk(join(root, 'src'), /\.css$/)) {
  cssFiles += 1;
  const owner = ownerOfFile(file);
  const rel = relative(root, file);
  if (!(owner in OWNERS)) {
    problems.push(`${rel}: "${owner}" has no line in OWNERS (scripts/check-css-scope.mjs)`);
    continue;
  }
  const blocks = OWNERS[owner];
  const tree = postcss.parse(readFileSync(file, 'utf8'), { from: file });
  tree.walkRules((rule) => {
    // Keyframe steps (`from`, `50%`) are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    for (const selector of rule.selectors) {
      selectors += 1;
      const where = `${rel}:${rule.source?.start?.line ?? '?'} "${selector}"`;
      const classes = classesOf(selector);
      for (const cls of classes) {
        const other = ownerOfClass(cls);
        if (other && other !== owner) problems.push(`${where}: .${cls} belongs to ${other}`);
      }
      if (owner === 'app') continue;
      if (!classes.some((cls) => blocks.some((b) => inBlock(cls, b)))) {
        problems.push(`${where}: names no class of ${owner}'s blocks (${blocks.join(', ')})`);
      }
    }
  });
}

// Markup: the string literals of each className value (`className="…"`, `className={…}`,
// `className: '…'`), whole file at a time so values that span lines count too.
function classValues(text) {
  const values = [];
  for (const m of text.matchAll(/\bclassName\s*[=:]\s*/g)) {
    let i = m.index + m[0].length;
    if (text[i] !== '{') {
      const q = text[i];
      if (q === '"' || q === "'" || q === '`')
        values.push(text.slice(i + 1, text.indexOf(q, i + 1)));
      continue;
    }
    let depth = 0;
    const start = i;
    for (; i < text.length; i += 1) {
      if (text[i] === '{') depth += 1;
      else if (text[i] === '}' && --depth === 0) break;
    }
    const expr = text.slice(start + 1, i);
    for (const lit of expr.matchAll(/(["'`])((?:\\.|(?!\1).)*)\1/gs)) values.push(lit[2]);
  }
  return values;
}

for (const file of walk(join(root, 'src'), /\.(ts|tsx)$/)) {
  const owner = ownerOfFile(file);
  if (!owner.startsWith('features/')) continue;
  markupFiles += 1;
  const rel = relative(root, file);
  for (const value of classValues(readFileSync(file, 'utf8'))) {
    const text = value.replace(/\$\{[^}]*\}/g, ' ');
    for (const cls of text.split(/\s+/).filter((t) => /^-?[_a-zA-Z][\w-]*$/.test(t))) {
      const other = ownerOfClass(cls);
      if (other?.startsWith('features/') && other !== owner) {
        problems.push(`${rel}: class "${cls}" belongs to ${other}`);
      }
    }
  }
}

if (reportOnly) {
  console.log(
    `${cssFiles} stylesheets, ${selectors} selectors, ${markupFiles} feature modules; ${problems.length} problems`,
  );
  for (const p of problems) console.log(`  ${p}`);
  process.exit(0);
}
if (problems.length > 0) {
  console.error(`Style scope: ${problems.length} problem(s) (docs/decisions/0069-style-scope.md)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`Style scope OK: ${cssFiles} stylesheets, ${selectors} selectors`);
