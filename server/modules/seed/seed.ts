/**
 * Demo seed for the embedded database: a small, realistic pt-BR cemetery so a newcomer's
 * `npm start` shows something — 40 records (generated deterministically), a few drawn photos
 * stored through the real image pipeline, and a demo concessionário assigned to some records,
 * whose password is printed once like the first admin's. Runs only when the register is empty
 * and SEED is not "none"; DATABASE_URL deployments never seed on their own (see main.ts).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../../src/domain/ids';
import type { AppContext } from '../../context';
import { sepultadoConcessionarios, sepultadoFotos, sepultados, users } from '../../db/schema';
import { removeImages, type StoredImage, storeImage } from '../../lib/images';
import { insertUser } from '../users/public';
import { seedDemoOrders } from '../work-orders/public';
import { generatePassword, makeCpf } from './bootstrap';
import { type GeneratedBurial, generateBurial, seededRandom } from './seed-generator';
import { drawDemoPhoto } from './seed-photos';
import { seedDemoPlan } from './seed-plan';
import { seedDemoTributes } from './seed-tributes';

const DEMO_RECORDS = 40;
const DEMO_SEED = 20_250_701;
const DEMO_CONCESSIONARIO_EMAIL = 'concessionario@memorial.local';

/** Names the brief and the manual use as examples: always present in the demo. */
const KNOWN_NAMES = ['Maria da Conceição', 'José de Souza', 'João Batista dos Santos'];

async function demoConcessionario(ctx: AppContext, log: FastifyBaseLogger): Promise<string> {
  const [existing] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_CONCESSIONARIO_EMAIL))
    .limit(1);
  if (existing) return existing.id;
  const password = generatePassword();
  const row = await insertUser(ctx, {
    name: 'Carlos Henrique Moreira',
    email: DEMO_CONCESSIONARIO_EMAIL,
    cpf: makeCpf(),
    phone: '31987654321',
    password,
    role: 'concessionario',
    emailVerified: true,
  });
  log.info({ email: DEMO_CONCESSIONARIO_EMAIL }, 'demo concessionário created');
  // Printed once, on purpose, on stdout: the only time this password exists in clear.
  process.stdout.write(
    `\n  Concessionário de demonstração (anote, não será mostrado de novo):\n    e-mail: ${DEMO_CONCESSIONARIO_EMAIL}\n    senha:  ${password}\n\n`,
  );
  return row.id;
}

async function registerIsEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sepultados',
  );
  return (row?.n ?? 0) === 0;
}

export async function seedDemoIfEmpty(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!(await registerIsEmpty(ctx))) return;
  const rand = seededRandom(DEMO_SEED);
  const records: GeneratedBurial[] = Array.from({ length: DEMO_RECORDS }, () =>
    generateBurial(rand),
  );
  // Newest first on the home page: the known names and the photos come first.
  records.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  KNOWN_NAMES.forEach((nome, i) => {
    const record = records[i];
    if (record) record.nome = nome;
  });

  const [admin] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const concessionarioId = await demoConcessionario(ctx, log);

  // Photos for the ten newest records (two for every third one), drawn and re-encoded.
  const photos: StoredImage[][] = [];
  for (let i = 0; i < 10; i++) {
    const count = i % 3 === 0 ? 2 : 1;
    const stored: StoredImage[] = [];
    for (let p = 0; p < count; p++) {
      stored.push(await storeImage(ctx, 'sepultados', await drawDemoPhoto(i * 2 + p)));
    }
    photos.push(stored);
  }

  try {
    await ctx.database.db.transaction(async (tx) => {
      for (const [i, { createdAt, ...values }] of records.entries()) {
        const id = newId(createdAt.getTime());
        await tx.insert(sepultados).values({
          ...values,
          id,
          cemiterioId: sql`cemiterio_for_name(${values.cemiterio ?? null})`,
          createdAt,
          updatedAt: createdAt,
          createdBy: admin?.id ?? null,
        });
        const mine = photos[i] ?? [];
        if (mine.length > 0) {
          await tx
            .insert(sepultadoFotos)
            .values(mine.map((p, position) => ({ id: newId(), sepultadoId: id, position, ...p })));
        }
        // The demo concessionário manages every fifth record (including some with photos).
        if (i % 5 === 1) {
          await tx
            .insert(sepultadoConcessionarios)
            .values({ sepultadoId: id, userId: concessionarioId });
        }
      }
    });
  } catch (err) {
    await removeImages(
      ctx,
      'sepultados',
      photos.flat().map((p) => p.file),
    );
    throw err;
  }
  log.info({ records: records.length }, 'demo cemetery seeded');
  // A plan under the demo graves, so a new install's map shows the overlay.
  await seedDemoPlan(ctx);
  // Tributes on the newest records: server/modules/seed/seed-tributes.ts.
  await seedDemoTributes(ctx, log);
  // Today's work for the demo concessionário, so "Hoje" shows what the crew's day looks like.
  if (admin) {
    const orders = await seedDemoOrders(ctx, admin.id, concessionarioId);
    log.info({ orders }, 'demo work orders seeded');
  }
}
