import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { blockedWordList } from '../../server/modules/tributes/tributes-blocked-words';
import { TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import { type Actor, actor, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { countRows, post, postForm } from './tributes-helpers';

describe.each(engines)('blocked words ($name)', (engine) => {
  let h: Harness;
  let maria: Actor;
  let recordId: string;
  beforeAll(async () => {
    // "rola" is not in the built-in list (a surname); this town adds it and unblocks "corno".
    h = await startApp(engine, { BLOCKED_WORDS: 'rola, filho da mãe ,-corno' });
    const admin = await actor(h, 'admin');
    maria = await actor(h, 'usuario', 'Maria das Dores');
    recordId = (await createRecord(h, admin)).id;
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  it.each([
    'que rola é essa',
    'RÔLA',
    'Rolá!',
    'que merda',
    'MÉRDA',
    'seu filho da mãe',
    'Filho-da-Mae',
    'me\u200Brda',
  ])('refuses %j with 422 and does not echo the word', async (texto) => {
    const before = await countRows(h, recordId);
    const res = await post(h, maria, recordId, { comentario: texto });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.blocked, field: 'comentario' });
    expect(await countRows(h, recordId)).toBe(before);
  });

  it.each([
    'Ele sabia controlar as emoções como ninguém',
    'Rolando na grama com os netos',
    'Enrolava a gente com histórias lindas',
    'Filho da vizinha, amigo de sempre',
    'Seu corno de estimação',
  ])('accepts %j (whole words only; an unblocked default)', async (texto) => {
    const res = await post(h, maria, recordId, { comentario: texto });
    expect(res.statusCode).toBe(201);
  });

  it('checks multipart text too', async () => {
    const res = await postForm(h, maria, recordId, { comentario: 'Que ROLA' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.blocked, field: 'comentario' });
  });
});

describe('blocked-word configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-blocked-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('BLOCKED_WORDS_FILE replaces the built-in list; BLOCKED_WORDS still adds', () => {
    const file = path.join(dir, 'lista.txt');
    fs.writeFileSync(file, '# lista da prefeitura\nbaderna\n\n  arruaça  # comentário\n');
    const config = loadConfig({ BLOCKED_WORDS_FILE: file, BLOCKED_WORDS: 'bagunça' });
    expect(blockedWordList(config)).toEqual(['baderna', 'arruaça', 'bagunça']);
  });

  it('a missing BLOCKED_WORDS_FILE stops the start with a readable problem', () => {
    expect(() => loadConfig({ BLOCKED_WORDS_FILE: path.join(dir, 'nao-existe.txt') })).toThrow(
      /BLOCKED_WORDS_FILE/,
    );
  });

  it('the built-in list is used by default and "-palavra" takes one out', () => {
    const plain = blockedWordList(loadConfig({}));
    expect(plain).toContain('merda');
    expect(plain).not.toContain('rola');
    expect(blockedWordList(loadConfig({ BLOCKED_WORDS: '-MÉRDA' }))).not.toContain('merda');
  });
});
