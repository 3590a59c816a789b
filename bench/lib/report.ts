/** bench/RESULTS.md: the machine, the data size and a table of figures. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
  scenario: string;
  engine: string;
  target: string;
  rps?: number;
  p50?: number;
  p99?: number;
  ratio?: string;
  note?: string;
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: digits });

export function writeReport(
  rows: Row[],
  meta: Record<string, string>,
  sections: string[] = [],
  fileName = 'RESULTS.md',
) {
  const cpus = os.cpus();
  const lines = [
    '# Benchmark results',
    '',
    `Made by \`npm run bench\` on ${new Date().toISOString()}.`,
    '',
    `- machine: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}`,
    `- node: ${process.version}`,
    ...Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`),
    '',
    '| scenario | engine | target | req/s | p50 ms | p99 ms | ratio | note |',
    '|---|---|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.engine} | ${r.target} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.ratio ?? ''} | ${r.note ?? ''} |`,
    ),
    '',
    ...sections,
  ];
  const file = path.resolve(import.meta.dirname, '..', fileName);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
