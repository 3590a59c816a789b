/**
 * The original's Sepultado documents (with their embedded comentarios) to Memorial's record and
 * tribute rows: pure functions (legacy-map.ts has the shared value readers and the accounts).
 */
import { MAX_LENGTH, parseTipoSepultura } from '../../../src/domain/burial-rules';
import { cleanTributeText, TRIBUTE_LIMITS } from '../../../src/domain/tribute-rules';
import type { Plain } from './ejson';
import {
  type Doc,
  idOf,
  idTime,
  imageNames,
  isDoc,
  legacyDate,
  legacyIdade,
  limited,
  type Push,
  textOf,
  timeOf,
} from './legacy-map';

/** What a record without quadra or chapa gets: findable by searching "não informada". */
export const MISSING_PLACE = 'Não informada';
const AUTOR_MAX = 120;

export interface LegacyBurial {
  id: string;
  nome: string;
  idade: number | null;
  dtNasc: string | null;
  dtFal: string | null;
  nacionalidade: string | null;
  mae: string | null;
  pai: string | null;
  cemiterio: string | null;
  rua: string | null;
  quadra: string;
  chapa: string;
  epitafio: string | null;
  tipoSepultura: string | null;
  latitude: number | null;
  longitude: number | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  concessionarios: string[];
  imageNames: string[];
}

export interface LegacyTribute {
  id: string;
  sepultadoId: string;
  userId: string | null;
  autorNome: string | null;
  texto: string;
  createdAt: Date;
  deletedAt: Date | null;
}

/** Legacy user id → the Memorial account it became (or null: not imported, unknown). */
export type ResolveUser = (legacyId: string) => string | null;

function coordinate(
  value: Plain | undefined,
  limit: number,
  field: string,
  push: Push,
): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (Number.isFinite(n) && Math.abs(n) <= limit) return n;
  push({
    kind: 'valor-invalido',
    field,
    detail: `"${String(value)}" (importado vazio)`,
    outcome: 'importado',
  });
  return null;
}

function userRef(
  value: Plain | undefined,
  resolve: ResolveUser,
  field: string,
  push: Push,
): string | null {
  const legacy = idOf(isDoc(value ?? null) ? (value as Doc)._id : value);
  if (legacy === null) return null;
  const id = resolve(legacy);
  if (id === null) {
    push({
      kind: 'referencia-pendente',
      field,
      detail: `usuário ${legacy} não importado (referência removida)`,
      outcome: 'importado',
    });
  }
  return id;
}

/** A record document → its row and its tributes, or null when it cannot be a record. */
export function mapBurial(
  doc: Doc,
  resolve: ResolveUser,
  push: Push,
): { burial: LegacyBurial; tributes: LegacyTribute[] } | null {
  const id = idOf(doc._id) as string;
  const nome = limited(textOf(doc.nome), MAX_LENGTH.nome, 'nome', push);
  if (nome === null) {
    push({ kind: 'campo-obrigatorio', field: 'nome', detail: 'sem nome', outcome: 'ignorado' });
    return null;
  }
  const place = (field: 'quadra' | 'chapa') => {
    const value = limited(textOf(doc[field]), MAX_LENGTH[field], field, push);
    if (value !== null) return value;
    push({
      kind: 'campo-obrigatorio',
      field,
      detail: `sem ${field}: importado como "${MISSING_PLACE}"`,
      outcome: 'importado',
    });
    return MISSING_PLACE;
  };
  const text = (field: 'nacionalidade' | 'mae' | 'pai' | 'cemiterio' | 'rua' | 'epitafio') =>
    limited(textOf(doc[field]), MAX_LENGTH[field], field, push);
  const date = (field: 'dtNasc' | 'dtFal') => {
    const { iso, bad } = legacyDate(doc[field]);
    if (bad)
      push({
        kind: 'data-impossivel',
        field,
        detail: `"${String(doc[field])}" (importado vazio)`,
        outcome: 'importado',
      });
    return iso;
  };
  let dtNasc = date('dtNasc');
  const dtFal = date('dtFal');
  if (dtNasc && dtFal && dtNasc > dtFal) {
    push({
      kind: 'datas-invertidas',
      field: 'dtNasc',
      detail: `${dtNasc} depois de ${dtFal}: nascimento importado vazio`,
      outcome: 'importado',
    });
    dtNasc = null;
  }
  const { idade, bad: badIdade } = legacyIdade(doc.idade);
  if (badIdade)
    push({
      kind: 'valor-invalido',
      field: 'idade',
      detail: `"${String(doc.idade)}" (importado vazio)`,
      outcome: 'importado',
    });
  const rawTipo = textOf(doc.tipoSepultura);
  const tipoSepultura = parseTipoSepultura(rawTipo);
  if (rawTipo !== null && tipoSepultura === null) {
    push({
      kind: 'valor-invalido',
      field: 'tipoSepultura',
      detail: `"${rawTipo}" (importado vazio)`,
      outcome: 'importado',
    });
  }

  const concessionarios: string[] = [];
  for (const ref of Array.isArray(doc.concessionarios)
    ? doc.concessionarios
    : [doc.concessionarios]) {
    const userId = userRef(ref ?? undefined, resolve, 'concessionarios', push);
    if (userId !== null && !concessionarios.includes(userId)) concessionarios.push(userId);
  }
  const createdAt = timeOf(doc.createdAt, idTime(id));
  const burial: LegacyBurial = {
    id,
    nome,
    idade,
    dtNasc,
    dtFal,
    nacionalidade: text('nacionalidade'),
    mae: text('mae'),
    pai: text('pai'),
    cemiterio: text('cemiterio'),
    rua: text('rua'),
    quadra: place('quadra'),
    chapa: place('chapa'),
    epitafio: text('epitafio'),
    tipoSepultura,
    latitude: coordinate(doc.latitude, 90, 'latitude', push),
    longitude: coordinate(doc.longitude, 180, 'longitude', push),
    createdBy: userRef(doc.user, resolve, 'user', push),
    createdAt,
    updatedAt: timeOf(doc.updatedAt, createdAt),
    concessionarios,
    imageNames: imageNames(doc.images),
  };
  const tributes = mapTributes(id, doc.comentarios, createdAt, resolve, push);
  return { burial, tributes };
}

function mapTributes(
  sepultadoId: string,
  value: Plain | undefined,
  recordTime: Date,
  resolve: ResolveUser,
  push: Push,
): LegacyTribute[] {
  const out: LegacyTribute[] = [];
  const seen = new Set<string>();
  for (const [i, c] of (Array.isArray(value) ? value : []).entries()) {
    if (!isDoc(c)) continue;
    const id = idOf(c._id);
    const where = `comentarios[${i}]`;
    if (id === null || seen.has(id)) {
      push({
        kind: id === null ? 'id-invalido' : 'id-duplicado',
        field: where,
        detail: 'comentário sem _id válido',
        outcome: 'ignorado',
      });
      continue;
    }
    seen.add(id);
    const deleted = c.isDeleted === true;
    let texto = cleanTributeText(typeof c.texto === 'string' ? c.texto : null);
    if (texto === '' && !deleted) {
      push({
        kind: 'comentario-vazio',
        field: where,
        detail: `comentário ${id} sem texto`,
        outcome: 'ignorado',
      });
      continue;
    }
    if ([...texto].length > TRIBUTE_LIMITS.textMax) {
      push({
        kind: 'texto-longo',
        field: where,
        detail: `comentário ${id} cortado em ${TRIBUTE_LIMITS.textMax} caracteres`,
        outcome: 'importado',
      });
      texto = [...texto].slice(0, TRIBUTE_LIMITS.textMax).join('');
    }
    const createdAt = timeOf(c.createdAt, timeOf(c.data, idTime(id) ?? recordTime));
    const autor = textOf(c.autor);
    out.push({
      id,
      sepultadoId,
      userId: userRef(c.user, resolve, `${where}.user`, push),
      autorNome: autor === null ? null : autor.slice(0, AUTOR_MAX),
      // A removed tribute is a tombstone in Memorial: its words are not kept (0005).
      texto: deleted ? '' : texto,
      createdAt,
      deletedAt: deleted ? timeOf(c.deletedAt, createdAt) : null,
    });
  }
  return out;
}
