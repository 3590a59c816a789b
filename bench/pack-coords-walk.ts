/**
 * The positions' cost on a real walk: the largest cemetery's visit pack from the built server
 * on a seeded database (npm run seed; its records carry their grave's position), in the
 * client's pages, each compressed as the server does (brotli quality 5, gzip 6) with and
 * without the position columns — the same pages, so the difference is only the positions.
 *
 *   DATABASE_URL=postgres://…/db npx tsx bench/pack-coords-walk.ts
 */
import zlib from 'node:zlib';
import { startServer } from '../scripts/server-process';
import { PACK_PAGE_LIMIT, type PackAnswer } from '../src/domain/sync-types';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a seeded PostgreSQL database');

const br = (b: Buffer) =>
  zlib.brotliCompressSync(b, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length,
    },
  }).length;
const gz = (b: Buffer) => zlib.gzipSync(b, { level: 6 }).length;

const server = await startServer({ env: { DATABASE_URL: url, SEED: 'none', LOG_LEVEL: 'warn' } });
try {
  const list = (await (await fetch(`${server.url}/api/cemiterios`)).json()) as {
    id: string;
    nome: string;
  }[];
  const sizes = await Promise.all(
    list.map(async (c) => {
      const info = await (await fetch(`${server.url}/api/sync/info?cemiterio=${c.id}`)).json();
      return { ...c, records: (info as { records: number }).records };
    }),
  );
  const big = sizes.sort((a, b) => b.records - a.records)[0];
  if (!big) throw new Error('no cemetery');
  const total = { records: 0, located: 0, br: 0, brBare: 0, gz: 0, gzBare: 0 };
  let since: string | undefined;
  for (;;) {
    const q = new URLSearchParams({ cemiterio: big.id, limit: String(PACK_PAGE_LIMIT) });
    if (since) q.set('since', since);
    const page = (await (await fetch(`${server.url}/api/sync/pack?${q}`)).json()) as PackAnswer;
    const { geo0: _g, lat: _a, lng: _b, ...bare } = page;
    const full = Buffer.from(JSON.stringify(page));
    const without = Buffer.from(JSON.stringify(bare));
    total.records += page.nomes.length;
    total.located += page.lat.filter((v) => v !== null).length;
    total.br += br(full);
    total.brBare += br(without);
    total.gz += gz(full);
    total.gzBare += gz(without);
    since = page.cursor;
    if (!page.hasMore) break;
  }
  const per = (n: number) => (n / total.records).toFixed(2);
  console.log(
    `${big.nome}: ${total.records} records (${total.located} with a position) in pages of ${PACK_PAGE_LIMIT}`,
  );
  console.log('| | without positions | with | added |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| br, B/record | ${per(total.brBare)} | ${per(total.br)} | ${per(total.br - total.brBare)} |`,
  );
  console.log(
    `| gzip, B/record | ${per(total.gzBare)} | ${per(total.gz)} | ${per(total.gz - total.gzBare)} |`,
  );
} finally {
  await server.stop();
}
