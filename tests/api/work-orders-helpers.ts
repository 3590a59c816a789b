/** Fixtures of the work-order API tests: people, graves with a record, orders, an ossuary niche. */
import type { Order } from '../../src/domain/work-order-types';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import type { Harness } from './helpers';

export interface Crew {
  admin: Actor;
  conc: Actor;
  other: Actor;
  usuario: Actor;
}

export async function crew(h: Harness): Promise<Crew> {
  return {
    admin: await actor(h, 'admin', 'Ana Administradora'),
    conc: await actor(h, 'concessionario', 'Carlos Coveiro'),
    other: await actor(h, 'concessionario', 'Otávio Outro'),
    usuario: await actor(h, 'usuario', 'Úrsula Usuária'),
  };
}

let n = 0;
/** A fresh record in a fresh grave: its id and its grave's. */
export async function recordInGrave(
  h: Harness,
  admin: Actor,
  overrides: Record<string, unknown> = {},
): Promise<{ sepultadoId: string; sepulturaId: string }> {
  n += 1;
  const r = await createRecord(h, admin, {
    nome: `Falecido ${n}`,
    quadra: 'W',
    chapa: `${Date.now() % 100000}${n}`,
    ...overrides,
  });
  return { sepultadoId: r.id, sepulturaId: r.sepulturaId as string };
}

export async function newOrder(
  h: Harness,
  admin: Actor,
  body: Record<string, unknown>,
): Promise<Order> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/ordens',
    headers: auth(admin),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`order create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** An ossuary niche of the same cemetery as grave `like` (made through the graves API). */
export async function ossuaryNiche(h: Harness, admin: Actor, cemiterioId: string, numero: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/sepulturas',
    headers: auth(admin),
    payload: { cemiterioId, quadra: 'OSS', numero, tipo: 'Nicho de ossuário' },
  });
  if (res.statusCode !== 201) throw new Error(`niche failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
