/**
 * Demo seed for the embedded database: a small, realistic pt-BR cemetery so a newcomer's
 * `npm start` shows something. Runs only when the register is empty and SEED is not "none";
 * DATABASE_URL deployments never seed on their own (see main.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';

export async function seedDemoIfEmpty(_ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  // The burial register arrives with issue [2/7]; until then there is nothing to seed.
  log.debug('demo seed: no burial register yet');
}
