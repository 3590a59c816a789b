/**
 * The record's field lists that live outside TypeScript, held to the domain's: the SQL function
 * sepultado_fields() (migration 0006: the edit-history trigger and the edit merge compare what
 * it answers) must name exactly the burial form's fields (BURIAL_FIELDS, the stored values'
 * schema); the SQL projection (burials-projection.ts) shaped by toRecord / toCard must give
 * exactly the properties of the wire schemas, before the serializer (which would silently drop
 * an extra field) and after it (the detail, the sync page). Adding a field to one side and not
 * the other fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_SELECT,
  type CardRow,
  cardPhoto,
  RECORD_FROM,
  RECORD_SELECT,
  type RecordRow,
  toCard,
  toRecord,
} from '../../server/modules/burials/burials-projection';
import { BURIAL_FIELDS } from '../../src/domain/burial-fields';
import {
  BurialCardSchema,
  BurialRecordSchema,
  BurialValuesSchema,
  PublicBurialSchema,
} from '../../src/domain/schemas/burial';
import { SyncPageSchema } from '../../src/domain/schemas/sync';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

const sorted = (keys: Iterable<string>) => [...keys].sort();
const keysOf = (schema: { properties: object }) => sorted(Object.keys(schema.properties));

describe.each(engines)('burial field lists agree with the domain ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let id: string;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    id = (await createRecord(h, admin)).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sepultado_fields() answers exactly the form fields and the stored values', async () => {
    const [row] = await h.app.ctx.database.sql.query<{ fields: Record<string, unknown> }>(
      'SELECT sepultado_fields(s) AS fields FROM sepultados s WHERE s.id = $1',
      [id],
    );
    expect(row).toBeDefined();
    const fields = sorted(Object.keys(row?.fields ?? {}));
    expect(fields).toEqual(sorted(BURIAL_FIELDS));
    expect(fields).toEqual(keysOf(BurialValuesSchema));
  });

  it('the projection shapes exactly the public record and the card (before the serializer)', async () => {
    const [record] = await h.app.ctx.database.sql.query<RecordRow>(
      `SELECT ${RECORD_SELECT} FROM ${RECORD_FROM} WHERE s.id = $1`,
      [id],
    );
    expect(record).toBeDefined();
    expect(sorted(Object.keys(toRecord(record as RecordRow)))).toEqual(keysOf(PublicBurialSchema));
    const [card] = await h.app.ctx.database.sql.query<CardRow>(
      `SELECT ${CARD_SELECT} FROM sepultados s ${cardPhoto('s')} WHERE s.id = $1`,
      [id],
    );
    expect(card).toBeDefined();
    expect(sorted(Object.keys(toCard(card as CardRow)))).toEqual(keysOf(BurialCardSchema));
  });

  it('a detail answers every property of its schema: public for a visitor, full for an admin', async () => {
    const anonymous = await h.app.inject({ method: 'GET', url: `/api/sepultados/${id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(sorted(Object.keys(anonymous.json()))).toEqual(keysOf(PublicBurialSchema));
    const full = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${id}`,
      headers: auth(admin),
    });
    expect(full.statusCode).toBe(200);
    expect(sorted(Object.keys(full.json()))).toEqual(keysOf(BurialRecordSchema));
  });

  it('a sync page carries every property of the public record', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/sync/sepultados?limit=1000' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { changed: Record<string, unknown>[] };
    expect(sorted(Object.keys(page))).toEqual(keysOf(SyncPageSchema));
    const mine = page.changed.find((r) => r.id === id);
    expect(mine).toBeDefined();
    expect(sorted(Object.keys(mine ?? {}))).toEqual(keysOf(PublicBurialSchema));
  });
});
