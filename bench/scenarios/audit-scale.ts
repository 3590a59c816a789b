/**
 * The audit trail's reads at scale (bench/scenarios/audit.ts, part 2): its own PostgreSQL
 * database, records and entries generated in SQL (generate_series: the API would take days for
 * ten million writes), then one client at a time through the real app.
 */
import type { Row } from '../lib/report';
import {
  type AuditBenchOptions,
  admin,
  createDatabase,
  pct,
  person,
  round,
  startInProcess,
  timed,
} from './audit';

const DB = 'memorial_bench_audit';
const TEN_YEARS_S = 3653 * 86_400;

async function exists(pgUrl: string): Promise<boolean> {
  const res = await admin(pgUrl, `SELECT 1 FROM pg_database WHERE datname = '${DB}'`);
  return res.rowCount === 1;
}

const hexId = (expr: string) => `lpad(to_hex(${expr}), 24, '0')`;

async function fill(app: Awaited<ReturnType<typeof startInProcess>>['app'], o: AuditBenchOptions) {
  const sql = app.ctx.database.sql;
  const t0 = Date.now();
  const [cem] = await sql.query<{ id: string }>(
    `INSERT INTO cemiterios (id, nome, nome_chave) VALUES ('${'f'.repeat(24)}', 'Cemitério Bench', 'cemiterio bench')
     ON CONFLICT (nome_chave) DO UPDATE SET nome = EXCLUDED.nome RETURNING id`,
  );
  // The records: minimal rows, triggers (search columns, audit) off as the bulk seed does.
  await sql.exec('ALTER TABLE sepultados DISABLE TRIGGER USER');
  await sql.exec(`INSERT INTO sepultados (id, nome, cemiterio, cemiterio_id, quadra, chapa)
    SELECT ${hexId('g')}, 'Registro ' || g, 'Cemitério Bench', '${cem?.id}', (g % 90)::text, g::text
    FROM generate_series(1, ${o.records}) g`);
  await sql.exec('ALTER TABLE sepultados ENABLE TRIGGER USER');
  const t1 = Date.now();
  // The entries, oldest first over ten years (ids follow time, as they do when written), each
  // about one of the records; indexes built after the load.
  await sql.exec(`DROP INDEX audit_log_subject_idx; DROP INDEX audit_log_received_idx;
    DROP INDEX audit_log_actor_idx`);
  await sql.exec(`INSERT INTO audit_log (received_at, actor_id, actor_role, actor_name, resource,
      resource_id, subject_id, cemiterio_id, action, changes, request_id)
    SELECT now() - make_interval(secs => ${TEN_YEARS_S} - g * ${TEN_YEARS_S / o.entries}),
      ${hexId('1 + g % 37')}, 'concessionario', 'Pessoa ' || (g % 37), 'sepultado',
      ${hexId(`(1 + (g::bigint * 7919) % ${o.records})::int`)},
      ${hexId(`(1 + (g::bigint * 7919) % ${o.records})::int`)},
      '${cem?.id}', CASE WHEN g % 10 = 0 THEN 'criar' ELSE 'alterar' END,
      jsonb_build_object('chapa', jsonb_build_array((g - 1)::text, g::text)), md5(g::text)
    FROM generate_series(1, ${o.entries}) g`);
  await sql.exec(`CREATE INDEX audit_log_subject_idx ON audit_log (subject_id, received_at DESC, id DESC);
    CREATE INDEX audit_log_received_idx ON audit_log (received_at DESC, id DESC);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, received_at DESC, id DESC)
      WHERE actor_id IS NOT NULL`);
  await sql.exec('VACUUM (ANALYZE) sepultados');
  await sql.exec('VACUUM (ANALYZE) audit_log');
  return { recordsS: (t1 - t0) / 1000, entriesS: (Date.now() - t1) / 1000 };
}

export async function readsAtScale(o: AuditBenchOptions): Promise<Row[]> {
  if (!o.pgUrl) return [];
  const reuse = o.reuse && (await exists(o.pgUrl));
  if (!reuse) {
    await admin(o.pgUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
  const url = reuse
    ? Object.assign(new URL(o.pgUrl), { pathname: `/${DB}` }).toString()
    : await createDatabase(o.pgUrl, DB);
  const server = await startInProcess(url);
  try {
    const filled = reuse ? null : await fill(server.app, o);
    const [counts] = await server.app.ctx.database.sql.query<{ r: string; a: string }>(
      `SELECT (SELECT count(*) FROM sepultados)::text AS r, (SELECT count(*) FROM audit_log)::text AS a`,
    );
    const who = await person(server.app, 'admin');
    const auth = { authorization: `Bearer ${who.token}` };
    const records = Number(counts?.r ?? 0);
    const history: number[] = [];
    const page: number[] = [];
    let seedN = 12345;
    const next = (mod: number) => {
      seedN = (seedN * 1103515245 + 12345) % 2 ** 31;
      return seedN % mod;
    };
    for (let i = 0; i < o.samples; i++) {
      const id = (1 + next(records)).toString(16).padStart(24, '0');
      history.push(
        await timed(
          () =>
            server.app.inject({
              method: 'GET',
              url: `/api/sepultados/${id}/historico`,
              headers: auth,
            }),
          200,
        ),
      );
      const from = new Date(Date.now() - next(3650) * 86_400_000);
      const to = new Date(from.getTime() + 6 * 86_400_000);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      page.push(
        await timed(
          () =>
            server.app.inject({
              method: 'GET',
              url: `/api/auditoria?de=${day(from)}&ate=${day(to)}`,
              headers: auth,
            }),
          200,
        ),
      );
    }
    const size = `${records.toLocaleString('en-US')} records, ${Number(counts?.a ?? 0).toLocaleString('en-US')} audit entries${
      filled
        ? ` (generated in ${filled.recordsS.toFixed(0)} s + ${filled.entriesS.toFixed(0)} s)`
        : ' (reused)'
    }`;
    const h = [...history].sort((a, b) => a - b);
    const p = [...page].sort((a, b) => a - b);
    return [
      {
        scenario: 'audit-scale',
        engine: 'postgres',
        target: 'GET /api/sepultados/:id/historico (admin, random record)',
        p50: round(pct(h, 0.5)),
        p99: round(pct(h, 0.99)),
        note: `${size}; ${h.length} calls, one at a time`,
      },
      {
        scenario: 'audit-scale',
        engine: 'postgres',
        target: 'GET /api/auditoria?de&ate (first page of 50, a random 7-day range)',
        p50: round(pct(p, 0.5)),
        p99: round(pct(p, 0.99)),
        note: `${size}; ${p.length} calls, one at a time`,
      },
    ];
  } finally {
    await server.close();
  }
}
