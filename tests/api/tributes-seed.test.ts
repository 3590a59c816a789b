import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTributes } from '../../server/modules/seed/seed-tributes';
import { actor, createRecord, storedFiles } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { list } from './tributes-helpers';

describe.each(engines)('demo tributes ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('puts authored, anonymous and photo tributes on the newest records', async () => {
    const admin = await actor(h, 'admin');
    const older = (await createRecord(h, admin, { nome: 'Mais Antigo' })).id;
    const newest = (await createRecord(h, admin, { nome: 'Mais Recente' })).id;
    await seedDemoTributes(h.app.ctx, h.app.log);

    const top = await list(h, newest);
    expect(top.total).toBeGreaterThanOrEqual(2);
    expect(top.items[0]?.autor).toBe('Ana Paula Ribeiro');
    expect(top.items[0]?.imagem).toMatch(/\.webp$/);
    expect(storedFiles(h, 'comentarios')).toContain(top.items[0]?.imagem);
    const rest = await list(h, older, 'limit=50');
    expect(rest.items.map((i) => i.autor)).toContain('Anônimo');
    expect(rest.items.every((i) => i.texto.length > 0)).toBe(true);
  });
});
