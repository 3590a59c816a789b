/**
 * scripts/check-doc-links.mjs (run by `npm run lint`): a relative Markdown link to a missing file or
 * heading fails; links that resolve, URLs and examples inside code do not.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../scripts/check-doc-links.mjs');
let dir = '';

function check(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const run = spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('check-doc-links', () => {
  const target = "# Title\n\n## The app's data\n\n## Twice\n\n## Twice\n";

  it('accepts links to files, folders and headings that exist, URLs and code examples', () => {
    const { status, stderr } = check({
      'docs/a.md': target,
      'docs/sub/b.md': '# B',
      'README.md': [
        '[a](docs/a.md) [data](docs/a.md#the-apps-data) [again](docs/a.md#twice-1)',
        '[b](docs/sub/b.md) [folder](docs/sub/) [site](https://example.org/x.md) [self](#readme)',
        '`[x](missing.md)`',
        '```\n[y](missing.md)\n```',
        '# Readme',
      ].join('\n'),
    });
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('fails on a missing file and on a missing heading, naming each', () => {
    const { status, stderr } = check({
      'docs/a.md': target,
      'README.md': '[gone](docs/gone.md) and [no heading](docs/a.md#outcomes)',
    });
    expect(status).toBe(1);
    expect(stderr).toContain('README.md: docs/gone.md — no such file');
    expect(stderr).toContain('README.md: docs/a.md#outcomes — no heading #outcomes');
  });
});
