/** The demo cemetery ships with a plan (server/modules/seed/seed-plan.ts), served like any plan. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAN_BOUNDS, seedDemoPlan } from '../../server/modules/seed/seed-plan';
import { engines, type Harness, startApp } from './helpers';

describe.each(engines)('demo plan ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is stored through the plan pipeline, covers the demo graves, and is never replaced', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/mapa/plano' })).statusCode).toBe(404);
    await seedDemoPlan(h.app.ctx);
    const res = await h.app.inject({ method: 'GET', url: '/api/mapa/plano' });
    expect(res.statusCode).toBe(200);
    const plan = res.json() as { image: string; bounds: typeof DEMO_PLAN_BOUNDS };
    expect(plan.bounds.south).toBeCloseTo(DEMO_PLAN_BOUNDS.south, 6);
    expect(plan.bounds.east).toBeCloseTo(DEMO_PLAN_BOUNDS.east, 6);
    const image = await h.app.inject({ method: 'GET', url: `/api/images/plano/${plan.image}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.length).toBeGreaterThan(1000);
    await seedDemoPlan(h.app.ctx);
    const again = (await h.app.inject({ method: 'GET', url: '/api/mapa/plano' })).json();
    expect(again).toMatchObject({ image: plan.image });
  });
});
