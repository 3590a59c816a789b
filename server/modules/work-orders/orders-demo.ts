/**
 * The demo's day: two work orders for today on graves of records the demo concessionário
 * manages, so "Hoje" is not empty on a fresh install (a cleaning at 09:00, a vistoria at 14:00).
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { todayIn } from './orders-time';
import { createOrder } from './orders-write';

export async function seedDemoOrders(
  ctx: AppContext,
  adminId: string,
  concessionarioId: string,
): Promise<number> {
  const [admin] = await ctx.database.db.select().from(users).where(eq(users.id, adminId)).limit(1);
  if (!admin) return 0;
  const graves = await ctx.database.sql.query<{ sepultura_id: string; id: string }>(
    `SELECT s.sepultura_id, s.id FROM sepultados s
     JOIN sepultado_concessionarios a ON a.sepultado_id = s.id AND a.user_id = $1
     WHERE s.sepultura_id IS NOT NULL AND s.deleted_at IS NULL ORDER BY s.id LIMIT 2`,
    [concessionarioId],
  );
  const today = todayIn(ctx.config.timeZone);
  const plan = [
    { tipo: 'limpeza', hora: '09:00' },
    { tipo: 'vistoria', hora: '14:00' },
  ];
  let made = 0;
  for (const [i, g] of graves.entries()) {
    const step = plan[i];
    if (!step) break;
    await createOrder(ctx, admin, {
      tipo: step.tipo,
      agendadaPara: `${today}T${step.hora}`,
      sepulturaId: g.sepultura_id,
      sepultadoId: g.id,
      responsaveis: [concessionarioId],
    });
    made += 1;
  }
  return made;
}
