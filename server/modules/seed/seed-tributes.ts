/**
 * Demo tributes for the demo cemetery (server/modules/seed/seed.ts calls this right after the
 * records): a few families' words, emojis and one photo on the newest records, so the
 * "Homenagens" section of a fresh `npm start` is not empty. The authors are verified demo
 * accounts with random passwords nobody is told (they only sign tributes; a reset can claim
 * them), plus one tribute without an author to show "Anônimo". Deterministic but for the ids.
 */
import { desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../../src/domain/ids';
import type { AppContext } from '../../context';
import { comentarios, sepultados, users } from '../../db/schema';
import { removeImage, storeImage } from '../../lib/images';
import { insertUser } from '../users/public';
import { generatePassword, makeCpf } from './bootstrap';
import { drawDemoPhoto } from './seed-photos';

const AUTHORS = [
  { name: 'Ana Paula Ribeiro', email: 'ana.ribeiro@memorial.local' },
  { name: 'Luiz Fernando Costa', email: 'luiz.costa@memorial.local' },
  { name: 'Terezinha de Jesus Alves', email: 'terezinha.alves@memorial.local' },
] as const;

/** [author index or null for "Anônimo", text, emojis] */
const TRIBUTES: readonly [number | null, string, string[]][] = [
  [0, 'Saudades eternas, vó. Obrigada por cada café da tarde e cada conselho.', ['🌹', '🙏']],
  [1, 'Descanse em paz. Seu exemplo continua vivo em todos nós.', ['🕊️']],
  [2, 'Hoje faz um ano. A casa ainda guarda o seu riso.', ['❤️']],
  [null, 'Que Deus o receba com o mesmo carinho que o senhor deu a todos.', []],
  [1, 'Padrinho, obrigado por tudo. Nunca vou esquecer as pescarias no rio.', ['🎣', '🙏']],
  [0, 'Passei para deixar flores e contar que a Júlia se formou. Ficaria orgulhoso.', ['🌻']],
  [2, 'Mãe, a saudade aperta, mas a fé nos sustenta.', ['🕯️', '🙏']],
  [1, 'Amigo de infância, companheiro de todas as horas. Até um dia.', []],
  [0, 'Feliz aniversário no céu! Teve bolo de fubá, do jeito que você gostava.', ['🎂', '❤️']],
];

const DAY = 86_400_000;

async function demoAuthor(ctx: AppContext, author: (typeof AUTHORS)[number]): Promise<string> {
  const [existing] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, author.email))
    .limit(1);
  if (existing) return existing.id;
  const row = await insertUser(ctx, {
    ...author,
    cpf: makeCpf(),
    phone: '31999990000',
    password: generatePassword(),
    emailVerified: true,
  });
  return row.id;
}

export async function seedDemoTributes(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const records = await ctx.database.db
    .select({ id: sepultados.id })
    .from(sepultados)
    .where(isNull(sepultados.deletedAt))
    .orderBy(desc(sepultados.createdAt), desc(sepultados.id))
    .limit(6);
  if (records.length === 0) return;
  const authorIds: string[] = [];
  for (const author of AUTHORS) authorIds.push(await demoAuthor(ctx, author));
  const photo = await storeImage(ctx, 'comentarios', await drawDemoPhoto(7, 1000, 750));

  const now = Date.now();
  const rows = TRIBUTES.map(([author, texto, emojis], i) => ({
    id: newId(now - (i + 1) * DAY),
    // Two tributes per record, the newest records first.
    sepultadoId: records[Math.min(Math.floor(i / 2), records.length - 1)]?.id ?? '',
    userId: author === null ? null : (authorIds[author] ?? null),
    texto,
    emojis,
    imagem: i === 0 ? photo.file : null,
    imagemThumb: i === 0 ? photo.thumb : null,
    createdAt: new Date(now - (i + 1) * DAY),
  }));
  try {
    await ctx.database.db.insert(comentarios).values(rows);
  } catch (err) {
    await removeImage(ctx, 'comentarios', photo.file);
    throw err;
  }
  log.info({ tributes: rows.length }, 'demo tributes seeded');
}
