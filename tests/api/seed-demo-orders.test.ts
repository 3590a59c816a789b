/**
 * The demo cemetery comes with the demo concessionário's day: two work orders for today on graves
 * of records they manage, so "Hoje" shows the crew's day on a fresh install.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../server/modules/seed/seed';
import { todayIn } from '../../server/modules/work-orders/orders-time';
import { actor } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

describe.each(engines)('the demo day ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
    await actor(h, 'admin');
    await seedDemoIfEmpty(h.app.ctx, h.app.log);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("seeds two orders for today, assigned to the demo concessionário, on their records' graves", async () => {
    const rows = await h.app.ctx.database.sql.query<{
      tipo: string;
      dia: string;
      email: string;
      assigned: boolean;
    }>(
      `SELECT o.tipo, to_char(o.agendada_para, 'YYYY-MM-DD') AS dia, u.email,
         EXISTS (SELECT 1 FROM sepultado_concessionarios a
           WHERE a.sepultado_id = o.sepultado_id AND a.user_id = u.id) AS assigned
       FROM ordens o JOIN ordem_responsaveis r ON r.ordem_id = o.id
       JOIN users u ON u.id = r.user_id ORDER BY o.agendada_para`,
    );
    expect(rows.map((r) => r.tipo)).toEqual(['limpeza', 'vistoria']);
    const today = todayIn(h.app.ctx.config.timeZone);
    for (const r of rows) {
      expect(r).toMatchObject({
        dia: today,
        email: 'concessionario@memorial.local',
        assigned: true,
      });
    }
  });
});
