/**
 * GET /api/users/checkuser with a valid token (JWT verify + the user's row, from the app's user
 * cache after the first request) against the bare route, same connections and duration, same
 * run, with each server's CPU time per request beside its req/s. The account is new each run
 * (its own e-mail and CPF), so a reused database works too.
 */
import fs from 'node:fs';
import { makeCpf } from '../../server/modules/seed/bootstrap';
import { runLoad } from '../lib/load';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';

/**
 * CPU time (user + system) a process has used, from /proc (Linux): the load generator shares
 * this machine's two cores with the server, so req/s alone partly measures the generator; the
 * server's CPU per request is what the route costs.
 */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10; // USER_HZ = 100 on Linux
}

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

  const bareCpu = cpuMs(ctx.bare.pid);
  const bare = await runLoad(`${ctx.bare.url}/bare`, ctx.load);
  const bareUs = ((cpuMs(ctx.bare.pid) - bareCpu) * 1000) / bare.requests;
  const realCpu = cpuMs(ctx.server.pid);
  const real = await runLoad(`${ctx.server.url}/api/users/checkuser`, {
    ...ctx.load,
    headers: { authorization: `Bearer ${token}` },
  });
  const realUs = ((cpuMs(ctx.server.pid) - realCpu) * 1000) / real.requests;
  if (real.non2xx > 0 || real.errors > 0) {
    throw new Error(`checkuser answered ${real.non2xx} non-2xx and ${real.errors} errors`);
  }
  return [
    {
      scenario: 'checkuser',
      engine: ctx.engine,
      target: 'bare route',
      ...bare,
      note: `server CPU ${bareUs.toFixed(1)} µs/request`,
    },
    {
      scenario: 'checkuser',
      engine: ctx.engine,
      target: 'GET /api/users/checkuser',
      ...real,
      ratio: `${((real.rps / bare.rps) * 100).toFixed(0)}% of bare`,
      note: `server CPU ${realUs.toFixed(1)} µs/request (${((bareUs / realUs) * 100).toFixed(0)}% of bare's throughput per CPU)`,
    },
  ];
}
