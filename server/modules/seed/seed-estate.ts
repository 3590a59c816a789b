/**
 * The office's side of the bulk seed (npm run seed), after every record has its grave: the
 * concessions, their annual fees and a few hundred abandonment cases, so the deadlines page
 * and a grave's page have a realistic amount to read at 2,000,000 records. One INSERT … SELECT
 * per kind over the graves (no round trip per row), with the tables' user triggers off for the
 * load as the records' COPY has them (no audit entry per seeded row; the grave states the
 * concession trigger would set are set here in one UPDATE each, and each concession and fee is
 * written with its cemetery, which the triggers of migration 0062 would copy from the grave).
 *
 * Each grave's choices come from a hash of its cemetery's place in the city and its key
 * (hashtextextended with the seed): the same seed gives the same titulars, regimes and fees.
 * Dates that make a deadline are laid from the day the seed runs (current_date): concession ends,
 * fees, notices; so the deadlines page shows the same shape whenever the register was seeded.
 * Rotating graves (seed-places.ts) hold an active 'rotativa' concession while their term runs
 * (and up to 45 days past it: exhumations overdue), a closed one once it has passed.
 * Only graves without any concession are touched: seeding again adds to what is there.
 */
import type { SqlRunner } from '../../db/index';
import { CEMETERY_PROFILES, CITY_CEMETERIES } from './seed-cemeteries';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './seed-names';

const TABLES = ['sepulturas', 'concessoes', 'concessao_taxas', 'comisso_casos', 'comisso_etapas'];

/** Four uniform numbers in [0, 1) from the 64 bits of one hash. */
const u = (h: string, k: 0 | 1 | 2 | 3) => `(((${h} >> ${16 * k}) & 65535) / 65536.0)`;

/** A 9-digit base (never all one digit) and its two check digits (src/domain isValidCpf). */
function cpfSql(h: string): string {
  const base = `(100000000 + ((${h} >> 8) & 268435455) % 800000000)`;
  const b = `lpad((CASE WHEN ${base} % 111111111 = 0 THEN ${base} + 1 ELSE ${base} END)::text, 9, '0')`;
  const digit = (s: string, i: number) => `substr(${s}, ${i}, 1)::int`;
  const d1 = (s: string) =>
    `((${Array.from({ length: 9 }, (_, i) => `${digit(s, i + 1)} * ${10 - i}`).join(' + ')}) * 10 % 11 % 10)`;
  const d2 = (s: string) =>
    `((${Array.from({ length: 9 }, (_, i) => `${digit(s, i + 1)} * ${11 - i}`).join(' + ')} + ${d1(s)} * 2) * 10 % 11 % 10)`;
  return `(SELECT x.b || ${d1('x.b')} || ${d2('x.b')} FROM (SELECT ${b} AS b) x)`;
}

export async function seedEstate(
  sql: SqlRunner,
  seed: number,
  progress: (phase: string, detail?: string) => void,
): Promise<void> {
  const t0 = Date.now();
  const took = (t: number) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
  await sql.exec(TABLES.map((t) => `ALTER TABLE ${t} DISABLE TRIGGER USER;`).join('\n'));
  try {
    await sql.exec('DROP TABLE IF EXISTS seed_covas; DROP TABLE IF EXISTS seed_perfis');
    await sql.query(
      `CREATE TEMP TABLE seed_perfis AS
       SELECT cemiterio_for_name(n) AS cemiterio_id, i::int AS ordem, r AS regime, f AS taxas
       FROM unnest($1::text[], $2::text[], $3::bool[]) WITH ORDINALITY AS t(n, r, f, i)`,
      [
        CITY_CEMETERIES,
        CEMETERY_PROFILES.map((p) => p.regime),
        CEMETERY_PROFILES.map((p) => p.fees),
      ],
    );
    // The graves of the city without a concession yet, with their burials' dates.
    await sql.query(
      `CREATE TEMP TABLE seed_covas AS
       SELECT g.id, g.cemiterio_id, p.regime, p.taxas, g.quadra LIKE 'R%' AS rotativa, st.primeira, st.ultima,
         CASE WHEN st.menor < k.idade_crianca THEN k.exumacao_anos_crianca
           ELSE k.exumacao_anos END AS anos_rotacao,
         hashtextextended(p.ordem || '/' || g.chave, $1) AS h,
         hashtextextended(p.ordem || '/' || g.chave, $1 + 1) AS h2
       FROM sepulturas g JOIN seed_perfis p ON p.cemiterio_id = g.cemiterio_id
       JOIN cemiterios k ON k.id = g.cemiterio_id
       JOIN (SELECT sepultura_id, min(dt_fal) AS primeira, max(dt_fal) AS ultima,
           min(idade) AS menor
         FROM sepultados WHERE deleted_at IS NULL AND dt_fal IS NOT NULL
         GROUP BY sepultura_id) st ON st.sepultura_id = g.id
       WHERE NOT EXISTS (SELECT 1 FROM concessoes c WHERE c.sepultura_id = g.id)`,
      [seed],
    );
    const t1 = Date.now();
    const given = [...FEMALE_NAMES, ...MALE_NAMES];
    const pickFrom = (param: number, len: number, h: string) =>
      `($${param}::text[])[1 + ((${h} >> 40) & 65535) % ${len}]`;
    const [made] = await sql.query<{ n: number }>(
      `WITH v AS (
         SELECT s.*, CASE WHEN s.rotativa THEN 'rotativa' ELSE s.regime END AS reg,
           (s.ultima + make_interval(years => s.anos_rotacao))::date AS vence_rotacao,
           (ARRAY[5, 10, 25])[1 + floor(${u('s.h2', 1)} * 3)::int] AS termo
         FROM seed_covas s
         WHERE s.rotativa OR (s.regime <> 'rotativa' AND ${u('s.h', 0)} < 0.85)
       ), w AS (
         SELECT v.*,
           CASE WHEN v.reg = 'rotativa' AND v.vence_rotacao < current_date - 45
             THEN 'encerrada' ELSE 'ativa' END AS sit,
           greatest(1, ceil(((current_date - 60) - v.primeira) / (v.termo * 365.25)))::int AS ciclos
         FROM v
       ), ins AS (
         INSERT INTO concessoes (id, sepultura_id, cemiterio_id, titular_nome, titular_cpf, titular_telefone,
           titular_email, titular_endereco, regime, anos, inicio, fim, situacao, encerrada_em,
           motivo_encerramento, created_at, updated_at)
         SELECT cemiterio_new_id(), w.id, w.cemiterio_id,
           ${pickFrom(1, given.length, 'w.h')} || ' ' || ${pickFrom(2, SURNAMES.length, 'w.h2')},
           ${cpfSql('w.h')},
           CASE WHEN ${u('w.h2', 0)} < 0.7
             THEN '119' || lpad((((w.h2 >> 12) & 134217727) % 100000000)::text, 8, '0') END,
           CASE WHEN ${u('w.h2', 2)} < 0.4
             THEN 'titular.' || to_hex(w.h2 & 281474976710655) || '@exemplo.com.br' END,
           CASE WHEN ${u('w.h2', 3)} < 0.6 THEN 'Rua ' || ${pickFrom(2, SURNAMES.length, 'w.h')}
             || ', ' || (1 + ((w.h2 >> 20) & 2047)) || ' — São Paulo, SP' END,
           w.reg,
           CASE WHEN w.reg = 'temporaria' THEN w.termo END,
           CASE WHEN w.reg = 'rotativa' THEN w.ultima ELSE w.primeira END,
           CASE w.reg WHEN 'rotativa' THEN w.vence_rotacao
             WHEN 'temporaria' THEN (w.primeira + make_interval(years => w.termo * w.ciclos))::date
           END,
           w.sit,
           CASE WHEN w.sit = 'encerrada' THEN w.vence_rotacao END,
           CASE WHEN w.sit = 'encerrada' THEN 'Exumação ao fim do prazo da sepultura rotativa.' END,
           now(), now()
         FROM w RETURNING 1
       ) SELECT count(*)::int AS n FROM ins`,
      [given, SURNAMES],
    );
    await sql.exec(`UPDATE sepulturas g SET situacao = 'concedida'
      FROM concessoes c JOIN seed_covas s ON s.id = c.sepultura_id
      WHERE c.sepultura_id = g.id AND c.situacao = 'ativa' AND g.situacao IN ('livre', 'ocupada')`);
    progress('concessions', `${made?.n ?? 0} in ${took(t1)}`);

    // Fees where the municipality has them: last year's (most paid) and this year's (paid when
    // due, or still open), on six concessions in ten.
    const t2 = Date.now();
    const [fees] = await sql.query<{ n: number; abertas: number }>(
      `WITH ins AS (
         INSERT INTO concessao_taxas (id, concessao_id, cemiterio_id, ano, valor, vencimento,
           pago_em, recibo)
         SELECT cemiterio_new_id(), c.id, c.cemiterio_id, y.ano, round((80 + ${u('s.h2', 3)} * 320)::numeric, 2),
           y.vence,
           CASE WHEN y.pago THEN least(current_date, y.vence - (${u('s.h', 3)} * 20)::int) END,
           CASE WHEN y.pago THEN 'BOL-' || y.ano || '-' || upper(to_hex((s.h >> 4) & 16777215)) END
         FROM concessoes c JOIN seed_covas s ON s.id = c.sepultura_id
         CROSS JOIN LATERAL (
           SELECT e.ano, e.vence,
             CASE WHEN e.anterior THEN ${u('s.h', 2)} < 0.92
               ELSE e.vence < current_date AND ${u('s.h2', 1)} < 0.75 END AS pago
           FROM (SELECT a.ano, a.anterior,
               make_date(a.ano, 1 + floor(${u('s.h', 1)} * 12)::int, 10) AS vence
             FROM (VALUES (extract(year FROM current_date)::int - 1, true),
               (extract(year FROM current_date)::int, false)) AS a(ano, anterior)) e
         ) y
         WHERE c.situacao = 'ativa' AND c.regime <> 'rotativa' AND s.taxas
           AND ${u('s.h2', 2)} < 0.6
         RETURNING pago_em
       ) SELECT count(*)::int AS n, count(*) FILTER (WHERE pago_em IS NULL)::int AS abertas
       FROM ins`,
    );
    progress('fees', `${fees?.n ?? 0} (${fees?.abertas ?? 0} open) in ${took(t2)}`);

    // Abandonment cases: about one in 1,200 granted family graves, each opened with an
    // inspection and a notice by letter (half also an edital), the last one between 150 days ago
    // and today, so their 90-day waits end from 60 days ago to 90 days ahead.
    const t3 = Date.now();
    await sql.exec(`CREATE TEMP TABLE seed_casos AS
      SELECT cemiterio_new_id() AS id, x.id AS sepultura_id, x.h2,
        (current_date - (((x.h2 >> 24) & 65535) % 150)::int) AS aviso
      FROM (SELECT s.id, s.h2 FROM seed_covas s
        JOIN concessoes c ON c.sepultura_id = s.id AND c.situacao = 'ativa'
        WHERE c.regime <> 'rotativa'
          AND NOT EXISTS (SELECT 1 FROM comisso_casos k WHERE k.sepultura_id = s.id
            AND k.situacao = 'aberto')
        ORDER BY s.h2
        LIMIT (SELECT greatest(3, round(count(*) / 1200.0))::int FROM seed_covas s
          JOIN concessoes c ON c.sepultura_id = s.id AND c.situacao = 'ativa'
          WHERE c.regime <> 'rotativa')) x`);
    const [cases] = await sql.query<{ n: number }>(
      `WITH ins AS (
         INSERT INTO comisso_casos (id, sepultura_id, situacao, prazo_dias, nota,
           situacao_anterior, created_at, updated_at)
         SELECT k.id, k.sepultura_id, 'aberto', 90,
           'Jazigo sem conservação aparente; aberto na vistoria de rotina.', 'concedida',
           (k.aviso - 30)::timestamptz, now()
         FROM seed_casos k RETURNING 1
       ) SELECT count(*)::int AS n FROM ins`,
    );
    await sql.exec(`INSERT INTO comisso_etapas (id, caso_id, tipo, data, nota, meio, created_at)
      SELECT cemiterio_new_id(), k.id, e.tipo, e.data, e.nota, e.meio, e.data::timestamptz
      FROM seed_casos k CROSS JOIN LATERAL (VALUES
        ('vistoria', k.aviso - 30, 'Mato alto, lápide quebrada.', NULL),
        ('notificacao', CASE WHEN k.h2 % 2 = 0 THEN k.aviso - 15 ELSE k.aviso END,
          'Carta ao titular, com aviso de recebimento.', 'carta'),
        ('edital', CASE WHEN k.h2 % 2 = 0 THEN k.aviso END, 'Edital no Diário Oficial.', NULL)
      ) AS e(tipo, data, nota, meio)
      WHERE e.data IS NOT NULL;
      UPDATE sepulturas g SET situacao = 'em comisso' FROM seed_casos k
      WHERE g.id = k.sepultura_id;
      DROP TABLE seed_casos; DROP TABLE seed_covas; DROP TABLE seed_perfis;`);
    progress('abandonment cases', `${cases?.n ?? 0} in ${took(t3)}`);
  } finally {
    await sql.exec(TABLES.map((t) => `ALTER TABLE ${t} ENABLE TRIGGER USER;`).join('\n'));
  }
  await sql.exec(`ANALYZE ${TABLES.join(', ')}`);
  progress('estate', took(t0));
}
