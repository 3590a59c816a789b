#!/usr/bin/env node
/**
 * Structure figures of the repository, printed as Markdown (`npm run report:structure`), so the
 * same measurement can be taken before and after a restructuring and compared line by line.
 * Plain Node, no dependency. Options: `--root DIR` (default: the repository this script is in),
 * `--verbose` (also list every offending import, cycle and shape site).
 *
 * What it counts, and how (heuristics, stated so a reader can judge the figures):
 *
 * 1. Files and lines: every file under src/, server/, sw/, tests/ (and bench/, scripts/ for
 *    context), skipping node_modules, dist and data folders; "code" = .ts .tsx .mjs .js .sql
 *    .css. Lines are newline counts, blank lines included.
 *
 * 2. Imports: every `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')` in
 *    the TypeScript/JavaScript files of src/, server/, sw/ (type-only imports included: they are
 *    a dependency of the source even when erased). Relative specifiers are resolved to files
 *    (x, x.ts, x.tsx, x/index.ts …; a `.js` suffix maps to `.ts`). Each (file → file) pair counts
 *    once. Layers of the client, lowest first: src/domain < src/lib, src/ui < src/data <
 *    src/features/<x> < src/app (src/main.tsx counts as app). Reported:
 *    - feature → app: a file of src/features/** importing src/app/**;
 *    - feature → feature: src/features/A importing src/features/B (A ≠ B);
 *    - below → app: any file outside src/app (domain, lib, ui, data, features, sw, server)
 *      importing src/app/** (includes the feature → app ones);
 *    - upward (client): any import from a lower layer to a higher one (includes the above);
 *    - domain → outside: src/domain importing anything outside src/domain (relative paths);
 *    - server → src outside src/domain;
 *    - sw → src outside src/domain and src/data;
 *    - feature → the Dexie database module (any src/data/…/db.ts): not a layer rule, but the
 *      "one door to storage" figure (features should call src/data's queries, not Dexie).
 *
 * 3. Import cycles: strongly connected components (Tarjan) of more than one file in the
 *    graph of all resolved relative imports of src/, server/, sw/; given twice: all imports,
 *    and runtime imports only (`import type` / `export type` left out, since those are erased
 *    and cannot form a cycle at run time). A self-import would count too.
 *
 * 3b. Screens and src/data's doors: "screens" are the files of src/features, src/app, src/ui and
 *    src/'s own top-level files (main.tsx, entry-server.tsx). Reported: the src/data modules
 *    they import (each once), how many of those are a resource's door
 *    (src/data/<resource>/index.ts or .tsx) or the shared src/data/failure.ts, and the rest;
 *    the doors that hold anything but re-exports (`export … from`) and comments; and the import
 *    cycles between src/data's folders (a file's folder is its first folder under src/data, the
 *    files at src/data's root count as one folder "(root)"), given with and without the root,
 *    plus the imports from the root's files into a folder (the root is meant to be the floor).
 *
 * 4. Duplicated blocks: the `duplicates` command (if on PATH; skipped otherwise) over the whole
 *    repository with its defaults (runs of ≥ 6 identical or same-shape lines; comments, blank
 *    lines and imports ignored); its own summary line, plus the pairs whose two sides are both
 *    product code (src/, server/, sw/), from its first 200 rows.
 *
 * 5. Places each main API shape is written out: a "place" is a window of at most WINDOW lines
 *    (comments stripped) of a product file (src/, server/, sw/, server/db/migrations) that
 *    contains every distinctive field of the shape as a whole word (camelCase or the column's
 *    snake_case). That catches interfaces, type aliases, TypeBox objects, Drizzle tables, SQL
 *    tables/projections/functions and the mapping functions that copy a row field by field:
 *    every spot a field added to the shape would have to be added again. Windows do not
 *    overlap. "declarations" are the places whose window (or the LOOKBACK lines above it)
 *    holds a declaration keyword (interface, type X =, Type.Object, pgTable, CREATE TABLE). Tests are not counted. For the
 *    burial record, the number of product files that mention `epitafio` at all is given too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const rootArg = args.indexOf('--root');
const ROOT = path.resolve(
  rootArg >= 0 ? args[rootArg + 1] : path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);

// Build output and dependencies only: a runtime DATA_DIR lives at the repository root, never
// under the walked folders (src/data is the client's data layer and must be counted).
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);
const CODE_EXT = new Set(['.ts', '.tsx', '.mjs', '.js', '.sql', '.css']);
const SOURCE_EXT = new Set(['.ts', '.tsx', '.mjs', '.js']);
const WINDOW = 25;
/** A declaration keyword this many lines above a place still makes it a declaration. */
const LOOKBACK = 10;

/** Every file below dir (relative to ROOT, with forward slashes). */
function walk(dir) {
  const out = [];
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

const read = (rel) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const countLines = (text) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

// ---------------------------------------------------------------- 1. files and lines
function sizeFigures() {
  const rows = [];
  for (const dir of ['src', 'server', 'sw', 'tests', 'bench', 'scripts']) {
    let files = 0;
    let lines = 0;
    let codeFiles = 0;
    let codeLines = 0;
    for (const f of walk(dir)) {
      let n = 0;
      try {
        const buf = fs.readFileSync(path.join(ROOT, f));
        if (buf.includes(0)) continue; // binary (images, fixtures)
        n = countLines(buf.toString('utf8'));
      } catch {
        continue;
      }
      files += 1;
      lines += n;
      if (CODE_EXT.has(path.extname(f))) {
        codeFiles += 1;
        codeLines += n;
      }
    }
    rows.push({ dir, files, lines, codeFiles, codeLines });
  }
  return rows;
}

// ---------------------------------------------------------------- 2. imports
const IMPORT_RE =
  /(?:^|[\s;{}])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of one file: [{ spec, target (resolved rel path or null), typeOnly }]. */
function importsOf(rel) {
  const text = read(rel)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[3] ?? m[4];
    if (!spec?.startsWith('.')) continue;
    const typeOnly = Boolean(m[2]) || /^(import|export)\s+type\b/.test(m[0].trim());
    found.push({ spec, target: resolve(rel, spec), typeOnly });
  }
  return found;
}

function resolve(from, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mjs`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  for (const c of candidates) {
    const abs = path.join(ROOT, c);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return c;
  }
  return null;
}

/** Client layer of a path, or null outside src/. */
function layerOf(rel) {
  if (!rel.startsWith('src/')) return null;
  const [, top, sub] = rel.split('/');
  if (top === 'domain') return { rank: 0, name: 'domain' };
  if (top === 'lib' || top === 'ui') return { rank: 1, name: top };
  if (top === 'data') return { rank: 2, name: 'data' };
  if (top === 'features') return { rank: 3, name: `features/${sub}`, feature: sub };
  if (top === 'app' || top === 'main.tsx') return { rank: 4, name: 'app' };
  return { rank: 1, name: top }; // another shared folder: counted with lib/ui
}

function importFigures(graph) {
  const cats = {
    'feature → app': [],
    'feature → feature': [],
    'below → app (any file outside src/app)': [],
    'upward (client, any lower layer → higher)': [],
    'domain → outside src/domain': [],
    'server → src outside src/domain': [],
    'sw → src outside src/domain, src/data': [],
    'feature → the Dexie database module (src/data/**/db.ts)': [],
  };
  let unresolved = 0;
  for (const [from, edges] of graph) {
    for (const e of edges) {
      if (!e.target) {
        unresolved += 1;
        continue;
      }
      const to = e.target;
      const edge = `${from} → ${to}`;
      const lf = layerOf(from);
      const lt = layerOf(to);
      if (lf?.feature && to.startsWith('src/app/')) cats['feature → app'].push(edge);
      if (lf?.feature && lt?.feature && lf.feature !== lt.feature)
        cats['feature → feature'].push(edge);
      if (!(from.startsWith('src/app/') || from === 'src/main.tsx') && to.startsWith('src/app/')) {
        cats['below → app (any file outside src/app)'].push(edge);
      }
      if (lf && lt && lt.rank > lf.rank)
        cats['upward (client, any lower layer → higher)'].push(edge);
      if (from.startsWith('src/domain/') && !to.startsWith('src/domain/')) {
        cats['domain → outside src/domain'].push(edge);
      }
      if (from.startsWith('server/') && to.startsWith('src/') && !to.startsWith('src/domain/')) {
        cats['server → src outside src/domain'].push(edge);
      }
      if (
        from.startsWith('sw/') &&
        to.startsWith('src/') &&
        !to.startsWith('src/domain/') &&
        !to.startsWith('src/data/')
      ) {
        cats['sw → src outside src/domain, src/data'].push(edge);
      }
      if (lf?.feature && /^src\/data\/(.+\/)?db\.ts$/.test(to)) {
        cats['feature → the Dexie database module (src/data/**/db.ts)'].push(edge);
      }
    }
  }
  return { cats, unresolved };
}

// ---------------------------------------------------------------- 3. cycles
function cycles(graph, runtimeOnly) {
  const adj = new Map();
  for (const [from, edges] of graph) {
    const next = new Set();
    for (const e of edges) if (e.target && !(runtimeOnly && e.typeOnly)) next.add(e.target);
    adj.set(from, [...next]);
  }
  // Tarjan's strongly connected components, iterative (deep import chains).
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const sccs = [];
  for (const start of adj.keys()) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      const succ = adj.get(v) ?? [];
      if (i < succ.length) {
        frame[1] += 1;
        const w = succ[i];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index);
          index += 1;
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v), idx.get(w)));
        }
      } else {
        work.pop();
        if (work.length > 0) {
          const parent = work[work.length - 1][0];
          low.set(parent, Math.min(low.get(parent), low.get(v)));
        }
        if (low.get(v) === idx.get(v)) {
          const comp = [];
          let w;
          do {
            w = stack.pop();
            onStack.delete(w);
            comp.push(w);
          } while (w !== v);
          const selfLoop = comp.length === 1 && (adj.get(v) ?? []).includes(v);
          if (comp.length > 1 || selfLoop) sccs.push(comp.sort());
        }
      }
    }
  }
  return sccs;
}

// ---------------------------------------------------------------- 3b. screens and doors
const DOOR_RE = /^src\/data\/[^/]+\/index\.tsx?$/;
const isScreen = (rel) => /^src\/(features|app|ui)\//.test(rel) || /^src\/[^/]+$/.test(rel);
const dataFolderOf = (rel) => {
  const parts = rel.split('/');
  return parts.length > 3 ? parts[2] : '(root)';
};

function doorFigures(graph) {
  const reached = new Set();
  let offDoorImports = 0;
  for (const [from, edges] of graph) {
    if (!isScreen(from)) continue;
    for (const e of edges) {
      if (!e.target?.startsWith('src/data/')) continue;
      reached.add(e.target);
      if (!DOOR_RE.test(e.target) && e.target !== 'src/data/failure.ts') offDoorImports += 1;
    }
  }
  const viaDoor = [...reached].filter((t) => DOOR_RE.test(t) || t === 'src/data/failure.ts');
  const offDoor = [...reached].filter((t) => !viaDoor.includes(t)).sort();
  const doors = [...graph.keys()].filter((f) => DOOR_RE.test(f)).sort();
  const impure = doors.filter((f) => {
    const code = read(f)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+['"][^'"]+['"];?/g, '');
    return code.trim() !== '';
  });
  // Folder graph of src/data.
  const folderGraph = (withRoot) => {
    const g = new Map();
    for (const [from, edges] of graph) {
      if (!from.startsWith('src/data/')) continue;
      const a = dataFolderOf(from);
      if (!withRoot && a === '(root)') continue;
      if (!g.has(a)) g.set(a, []);
      for (const e of edges) {
        if (!e.target?.startsWith('src/data/')) continue;
        const b = dataFolderOf(e.target);
        if (b === a || (!withRoot && b === '(root)')) continue;
        g.get(a).push({ target: b, typeOnly: e.typeOnly });
      }
    }
    return g;
  };
  const rootUp = [];
  for (const [from, edges] of graph) {
    if (!from.startsWith('src/data/') || dataFolderOf(from) !== '(root)') continue;
    for (const e of edges) {
      if (e.target?.startsWith('src/data/') && dataFolderOf(e.target) !== '(root)')
        rootUp.push(`${from} → ${e.target}${e.typeOnly ? ' (type)' : ''}`);
    }
  }
  return {
    reached: reached.size,
    viaDoor: viaDoor.length,
    offDoor,
    offDoorImports,
    doors,
    impure,
    folderCycles: cycles(folderGraph(false), false),
    folderCyclesWithRoot: cycles(folderGraph(true), false),
    rootUp,
  };
}

// ---------------------------------------------------------------- 4. duplicates
function duplicateFigures() {
  let out;
  try {
    out = execFileSync('duplicates', ['--repo', ROOT, '--most', '200', '--seconds', '120'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
  const lines = out.split('\n');
  const summary = lines[0] ?? '';
  const product = (p) => /^(src|server|sw)\//.test(p);
  let productPairs = 0;
  let productNotBoilerplate = 0;
  for (const line of lines) {
    const m = /^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+(.*)$/.exec(line);
    if (!m) continue;
    if (product(m[1]) && product(m[2])) {
      productPairs += 1;
      if (!/boilerplate/.test(m[3])) productNotBoilerplate += 1;
    }
  }
  const more = /\(\+(\d+) more pairs\)/.exec(out);
  return { summary, productPairs, productNotBoilerplate, cut: more ? Number(more[1]) : 0 };
}

// ---------------------------------------------------------------- 5. shapes
/** Each shape: its distinctive fields; a field matches its camelCase or snake_case spelling. */
const SHAPES = [
  {
    name: 'burial record (full)',
    fields: ['nome', 'nacionalidade', 'epitafio', 'tipoSepultura', 'dtNasc', 'dtFal'],
  },
  { name: 'burial card (home/search/dashboard)', fields: ['nome', 'quadra', 'chapa', 'thumb'] },
  { name: 'tribute', fields: ['texto', 'emojis', 'imagem'] },
  { name: 'user', fields: ['name', 'email', 'cpf', 'phone', 'role'] },
  { name: 'sync page', fields: ['changed', 'deleted', 'cursor', 'hasMore'] },
  { name: 'edit conflict', fields: ['field', 'base', 'mine', 'theirs'] },
  { name: 'cemetery plan', fields: ['bounds', 'south', 'west', 'north', 'east'] },
];
const DECL_RE = /\binterface\s+\w+|\btype\s+\w+\s*=|Type\.Object\(|pgTable\(|CREATE\s+TABLE/i;

const snake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const fieldRe = (f) => new RegExp(`(^|[^\\w$])(${f}|${snake(f)})(?![\\w$])`);

function stripComments(text, ext) {
  const keepLines = (m) => m.replace(/[^\n]/g, '');
  let t = text.replace(/\/\*[\s\S]*?\*\//g, keepLines);
  t = t.replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
  if (ext === '.sql') t = t.replace(/--.*$/gm, '');
  return t;
}

function shapeFigures() {
  const files = ['src', 'server', 'sw']
    .flatMap(walk)
    .filter((f) => SOURCE_EXT.has(path.extname(f)) || path.extname(f) === '.sql');
  const texts = files.map((f) => ({
    f,
    lines: stripComments(read(f), path.extname(f)).split('\n'),
  }));
  const result = [];
  for (const shape of SHAPES) {
    const res = shape.fields.map(fieldRe);
    let places = 0;
    let declarations = 0;
    const sites = [];
    for (const { f, lines } of texts) {
      let i = 0;
      while (i < lines.length) {
        if (!res.some((r) => r.test(lines[i]))) {
          i += 1;
          continue;
        }
        const end = Math.min(lines.length, i + WINDOW);
        let last = -1;
        let all = true;
        for (const r of res) {
          let at = -1;
          for (let j = i; j < end; j += 1) {
            if (r.test(lines[j])) {
              at = j;
              break;
            }
          }
          if (at < 0) {
            all = false;
            break;
          }
          last = Math.max(last, at);
        }
        if (!all) {
          i += 1;
          continue;
        }
        places += 1;
        const from = Math.max(0, i - LOOKBACK);
        const decl = lines.slice(from, last + 1).some((l) => DECL_RE.test(l));
        if (decl) declarations += 1;
        sites.push(`${f}:${i + 1}${decl ? ' (declaration)' : ''}`);
        i = last + 1;
      }
    }
    const fileSet = new Set(sites.map((s) => s.split(':')[0]));
    result.push({
      name: shape.name,
      fields: shape.fields,
      places,
      declarations,
      files: fileSet.size,
      sites,
    });
  }
  const epitafioFiles = texts.filter(({ lines }) =>
    lines.some((l) => /\bepitafio\b/.test(l)),
  ).length;
  return { result, epitafioFiles };
}

// ---------------------------------------------------------------- report
function main() {
  const out = [];
  const commit = (() => {
    try {
      return execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], {
        encoding: 'utf8',
      }).trim();
    } catch {
      return 'unknown';
    }
  })();
  out.push(`# Structure report (commit ${commit}${verbose ? ', verbose' : ''})`, '');

  out.push(
    '## Files and lines',
    '',
    '| folder | files | lines | code files | code lines |',
    '|---|---:|---:|---:|---:|',
  );
  let tf = 0;
  let tl = 0;
  for (const r of sizeFigures()) {
    out.push(`| ${r.dir}/ | ${r.files} | ${r.lines} | ${r.codeFiles} | ${r.codeLines} |`);
    if (['src', 'server', 'sw', 'tests'].includes(r.dir)) {
      tf += r.files;
      tl += r.lines;
    }
  }
  out.push(`| src+server+sw+tests | ${tf} | ${tl} | | |`, '');

  const graph = new Map();
  for (const f of ['src', 'server', 'sw'].flatMap(walk)) {
    if (SOURCE_EXT.has(path.extname(f))) graph.set(f, importsOf(f));
  }
  const edges = [...graph.values()].reduce((n, e) => n + e.length, 0);
  const { cats, unresolved } = importFigures(graph);
  out.push(
    '## Cross-layer imports',
    '',
    `${graph.size} source files, ${edges} relative imports (${unresolved} unresolved).`,
    '',
    '| rule broken | imports | files importing |',
    '|---|---:|---:|',
  );
  for (const [name, list] of Object.entries(cats)) {
    const unique = [...new Set(list)];
    const fromFiles = new Set(unique.map((e) => e.split(' → ')[0])).size;
    out.push(`| ${name} | ${unique.length} | ${fromFiles} |`);
  }
  out.push('');
  if (verbose) {
    for (const [name, list] of Object.entries(cats)) {
      if (list.length === 0) continue;
      out.push(`### ${name}`, '', ...[...new Set(list)].map((e) => `- ${e}`), '');
    }
  }

  out.push('## Import cycles', '');
  for (const runtimeOnly of [false, true]) {
    const sccs = cycles(graph, runtimeOnly);
    const filesIn = sccs.reduce((n, c) => n + c.length, 0);
    out.push(
      `- ${runtimeOnly ? 'runtime imports only' : 'all imports (type-only included)'}: ${sccs.length} cycle group(s), ${filesIn} file(s)`,
    );
    for (const c of sccs) out.push(`  - ${c.join(', ')}`);
  }
  out.push('');

  const doors = doorFigures(graph);
  out.push(
    "## Screens and src/data's doors",
    '',
    `- src/data modules imported by screens (src/features, src/app, src/ui, src/*): ${doors.reached}, of which doors or failure.ts: ${doors.viaDoor}, other modules: ${doors.offDoor.length} (${doors.offDoorImports} imports)`,
    `- doors (src/data/<resource>/index.ts): ${doors.doors.length}; holding more than re-exports: ${doors.impure.length}${doors.impure.length ? ` (${doors.impure.join(', ')})` : ''}`,
    `- cycles between src/data's folders: ${doors.folderCycles.length} group(s)${doors.folderCycles.map((c) => ` [${c.join(', ')}]`).join('')}; counting its root's files as a folder: ${doors.folderCyclesWithRoot.length}${doors.folderCyclesWithRoot.map((c) => ` [${c.join(', ')}]`).join('')}`,
    `- imports from src/data's root files into its folders: ${doors.rootUp.length}`,
    '',
  );
  if (verbose) {
    if (doors.offDoor.length)
      out.push(
        '### src/data modules screens import past a door',
        '',
        ...doors.offDoor.map((t) => `- ${t}`),
        '',
      );
    if (doors.rootUp.length)
      out.push(
        "### src/data's root files importing its folders",
        '',
        ...doors.rootUp.map((e) => `- ${e}`),
        '',
      );
  }

  out.push('## Duplicated blocks', '');
  const dup = duplicateFigures();
  if (!dup) out.push('`duplicates` is not on PATH: skipped.', '');
  else {
    out.push(
      `- whole repository: ${dup.summary}`,
      `- pairs with both sides in src/, server/ or sw/: ${dup.productPairs} (${dup.productNotBoilerplate} not marked boilerplate)${dup.cut ? `, from the first 200 rows (${dup.cut} more pairs not listed)` : ''}`,
      '',
    );
  }

  const { result, epitafioFiles } = shapeFigures();
  out.push(
    '## Places each API shape is written out',
    '',
    `A place = a window of ≤ ${WINDOW} lines of product code (src/, server/, sw/, migrations; comments stripped) holding every listed field; see the script header.`,
    '',
    '| shape | fields | places | of which declarations | files |',
    '|---|---|---:|---:|---:|',
  );
  for (const r of result) {
    out.push(
      `| ${r.name} | ${r.fields.join(', ')} | ${r.places} | ${r.declarations} | ${r.files} |`,
    );
  }
  out.push('', `Product files that mention \`epitafio\`: ${epitafioFiles}.`, '');
  if (verbose) {
    for (const r of result) out.push(`### ${r.name}`, '', ...r.sites.map((s) => `- ${s}`), '');
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

main();
