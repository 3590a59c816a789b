/**
 * GET /api/users/checkuser with a valid token (JWT verify + the user's row, from the app's user
 * cache after the first request) against the bare route, same connections and duration, same
 * run. The account is new each run (its own e-mail and CPF), so a reused database works too.
 */
import { makeCpf } from '../../server/modules/seed/bootstrap';
import { runLoad } from '../lib/load';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';

export async function checkuserScenario(ctx: BenchContext): Promise<Row[]> {
  const email = `bench.${Date.now()}@exemplo.com.br`;
  const password = 'Bench@123';
  const reg = await fetch(`${ctx.server.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      // A fixed CPF was taken on a reused database: the register then answers 201 (it never
      // says who has an account) without creating anything, and the login failed.
      cpf: makeCpf(),
      phone: '11987654321',
      email,
      password,
      confirmpassword: password,
      agreeTerms: true,
    }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${ctx.server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };

  const bare = await runLoad(`${ctx.bare.url}/bare`, ctx.load);
  const real = await runLoad(`${ctx.server.url}/api/users/checkuser`, {
    ...ctx.load,
    headers: { authorization: `Bearer ${token}` },
  });
  if (real.non2xx > 0 || real.errors > 0) {
    throw new Error(`checkuser answered ${real.non2xx} non-2xx and ${real.errors} errors`);
  }
  return [
    { scenario: 'checkuser', engine: ctx.engine, target: 'bare route', ...bare },
    {
      scenario: 'checkuser',
      engine: ctx.engine,
      target: 'GET /api/users/checkuser',
      ...real,
      ratio: `${((real.rps / bare.rps) * 100).toFixed(0)}% of bare`,
    },
  ];
}
