/**
 * The audit trail's bench (--only audit): its write cost on each engine (bench/scenarios/audit.ts),
 * then its reads at scale on PostgreSQL (bench/scenarios/audit-scale.ts), unless --audit-no-scale.
 */
import crypto from 'node:crypto';
import type { Row } from '../lib/report';
import { type AuditBenchOptions, createDatabase, dropDatabase, writeCost } from './audit';
import { readsAtScale } from './audit-scale';

export async function auditScenario(options: AuditBenchOptions): Promise<Row[]> {
  const rows: Row[] = [];
  console.log('== audit writes on pglite');
  rows.push(...(await writeCost('pglite', null, options.writes)));
  if (options.pgUrl) {
    const name = `memorial_bench_audit_w_${crypto.randomBytes(3).toString('hex')}`;
    const url = await createDatabase(options.pgUrl, name);
    try {
      console.log('== audit writes on postgres');
      rows.push(...(await writeCost('postgres', url, options.writes)));
    } finally {
      await dropDatabase(options.pgUrl, name);
    }
    for (const r of rows) console.log(JSON.stringify(r));
    if (!options.scale) return rows;
    console.log('== audit reads at scale on postgres');
    try {
      rows.push(...(await readsAtScale(options)));
    } catch (err) {
      // The write figures above are reported even when the large database cannot be made.
      rows.push({
        scenario: 'audit-scale',
        engine: 'postgres',
        target: 'failed',
        note: String(err),
      });
    }
  }
  return rows;
}
