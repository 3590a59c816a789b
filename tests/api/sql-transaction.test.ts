/**
 * The raw runner's transaction (server/db, docs/decisions/0179-one-sql-style.md), on both
 * engines: committed when its function resolves, rolled back when it throws, the request's
 * audit scope set for the audit triggers (who wrote), nothing of another statement inside it,
 * and never nested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInAuditScope } from '../../server/db/audit-scope';
import { newId } from '../../src/domain/ids';
import { entriesSince, lastEntryId } from './audit-helpers';
import { engines, type Harness, startApp } from './helpers';

describe.each(engines)('SqlRunner.transaction ($name)', (engine) => {
  let h: Harness;
  const kinds = () => h.app.ctx.database.sql;
  const named = async (nome: string) =>
    (
      await kinds().query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ordem_tipos WHERE nome = $1',
        [nome],
      )
    )[0]?.n;
  const insert = (tx = kinds(), nome = `Tipo ${newId()}`) =>
    tx.query('INSERT INTO ordem_tipos (id, tipo, nome) VALUES ($1, $2, $3)', [
      newId(),
      `t${newId()}`,
      nome,
    ]);

  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('commits what its function wrote, and answers what the function answered', async () => {
    const answer = await kinds().transaction(async (tx) => {
      await insert(tx, 'Capina');
      return 'feito';
    });
    expect(answer).toBe('feito');
    expect(await named('Capina')).toBe(1);
  });

  it('rolls everything back when its function throws', async () => {
    await expect(
      kinds().transaction(async (tx) => {
        await insert(tx, 'Pintura');
        throw new Error('falhou no meio');
      }),
    ).rejects.toThrow('falhou no meio');
    expect(await named('Pintura')).toBe(0);
  });

  it('carries the audit scope: the trail says who wrote', async () => {
    const since = await lastEntryId(h);
    const actor = { id: newId(), role: 'admin', name: 'Quem Escreveu' };
    await runInAuditScope(
      { requestId: 'req-tx-1', receivedAt: new Date(), madeAt: null, actor: () => actor },
      () => kinds().transaction((tx) => insert(tx, 'Roçada')),
    );
    const entries = await entriesSince(h, since);
    expect(entries).toEqual([
      expect.objectContaining({
        resource: 'ordem_tipo',
        action: 'criar',
        actor_id: actor.id,
        actor_role: 'admin',
        request_id: 'req-tx-1',
      }),
    ]);
  });

  it('a statement sent meanwhile from outside is not part of it: the rollback keeps it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inside = kinds().transaction(async (tx) => {
      await insert(tx, 'Dentro');
      await held;
      throw new Error('desfeito');
    });
    const outside = insert(kinds(), 'Fora');
    release();
    await expect(inside).rejects.toThrow('desfeito');
    await outside;
    expect(await named('Dentro')).toBe(0);
    expect(await named('Fora')).toBe(1);
  });

  it('does not nest', async () => {
    await expect(
      kinds().transaction((tx) => tx.transaction(async () => undefined)),
    ).rejects.toThrow('cannot nest');
  });
});
