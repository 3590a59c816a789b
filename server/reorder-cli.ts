/**
 * npm run db:reorder — rewrites the register in name order (db/register-order.ts) on the
 * database the server would use (DATABASE_URL, else the PGlite files in DATA_DIR: stop the
 * server first, PGlite allows one process per DATA_DIR). For after a large import or once a
 * year: searches read fewer pages when the records sharing a name share them. PostgreSQL locks
 * the table while it rewrites it (long on a large register): run it in a quiet hour.
 */
import { loadCliConfig, openCliDatabase } from './cli-setup';
import { orderRegister } from './db/register-order';

const config = loadCliConfig();
const { database, where } = await openCliDatabase(config);
try {
  const [row] = await database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sepultados',
  );
  console.log(`Reordenando ${row?.n ?? 0} sepultados por nome em ${where}…`);
  const started = Date.now();
  await database.sql.exclusive(async (conn) => {
    // The sort and the index builds in memory when they can (one connection: SET is per session).
    if (database.kind === 'postgres') await conn.exec(`SET maintenance_work_mem = '1GB'`);
    await orderRegister(conn);
  });
  console.log(`Pronto em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
