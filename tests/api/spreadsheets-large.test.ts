/**
 * The preview's budget (issue #18): a 50,000-row sheet is read and every row checked by the
 * form's rules in under 10 s, as the admin's request sees it (upload included). Rows are
 * realistic (accents, both date forms, coordinates with a decimal comma) and every 100th is
 * wrong, so the error path is measured too. `npm run bench -- --only sheet` measures the same
 * on a seeded register, with the id column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetPreview } from '../../src/domain/spreadsheet-types';
import { type Actor, actor, auth, multipartBody } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

const ROWS = 50_000;
const NAMES = ['José', 'Conceição', 'Antônio', 'Lúcia', 'Sebastião', 'Maria', 'João', 'Inês'];
const SURNAMES = ['da Silva', 'de Souza', 'Araújo', 'Gonçalves', 'Magalhães', 'Pereira'];

function sheet(): string {
  const lines = [
    'Nome;Idade;Data de nascimento;Data de falecimento;Mãe;Cemitério;Rua;Quadra;Placa;Tipo de sepultura;Latitude;Longitude',
  ];
  for (let i = 0; i < ROWS; i++) {
    const nome = `${NAMES[i % NAMES.length]} ${SURNAMES[i % SURNAMES.length]} ${i}`;
    const year = 1930 + (i % 60);
    const dtFal =
      i % 100 === 99 ? '31/02/2020' : `${String((i % 28) + 1).padStart(2, '0')}/05/2019`;
    lines.push(
      [
        nome,
        String(2019 - year),
        i % 2 ? `${year}-03-12` : `12/03/${year}`,
        dtFal,
        `Mãe de ${nome}`,
        'Cemitério Municipal da Saudade',
        `Rua ${i % 40}`,
        String(i % 90),
        String(i),
        'Jazigo',
        '-20,3856',
        '-43,5035',
      ].join(';'),
    );
  }
  return lines.join('\r\n');
}

describe.each(engines)('planilha de 50.000 linhas ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
  });
  afterAll(async () => h.close());

  it('previews 50,000 rows in under 10 s', async () => {
    const { payload, headers } = await multipartBody({}, [
      { field: 'arquivo', name: 'grande.csv', type: 'text/csv', data: Buffer.from(sheet()) },
    ]);
    const started = performance.now();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/sepultados/planilha/previa',
      headers: { ...headers, ...auth(admin) },
      payload,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(200);
    const p = res.json() as SheetPreview;
    console.log(
      `[${engine.name}] prévia de ${p.total} linhas (${(payload.length / 1e6).toFixed(1)} MB): ${seconds.toFixed(2)} s`,
    );
    expect(p).toMatchObject({ total: ROWS, recusadas: ROWS / 100, criar: ROWS - ROWS / 100 });
    expect(seconds).toBeLessThan(10);
  }, 60_000);
});
