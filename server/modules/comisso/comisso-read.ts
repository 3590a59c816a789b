/**
 * Reads of the abandonment cases (migration 0041): a grave's cases with their steps, photos and
 * the re-registration requests made for the grave while each was open. The notice's e-mail
 * address is personal data: only the office's answer carries it.
 */
import { waitingEnds } from '../../../src/domain/comisso-rules';
import type { ComissoCase, ComissoStep } from '../../../src/domain/comisso-types';
import type { AppContext } from '../../context';

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', ${ISO_TS})`;
const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

interface CaseRow {
  id: string;
  sepultura_id: string;
  situacao: ComissoCase['situacao'];
  prazo_dias: number;
  nota: string | null;
  aberto_por: string | null;
  aberto_em: string;
  feito_em: string | null;
  decisao_data: string | null;
  decisao_nota: string | null;
  decidido_por: string | null;
  decidido_em: string | null;
  decisao_feita_em: string | null;
  version: number;
}

interface StepRow {
  id: string;
  caso_id: string;
  tipo: ComissoStep['tipo'];
  data: string;
  nota: string | null;
  meio: ComissoStep['meio'];
  titular_email: string | null;
  feito_por: string | null;
  feito_em: string | null;
  registrado_em: string;
}

interface PhotoRow {
  etapa_id: string;
  file: string;
  thumb: string;
  width: number;
  height: number;
}

interface ReregRow {
  caso_id: string;
  id: string;
  titular_nome: string;
  situacao: 'pendente' | 'aceito' | 'recusado';
  criado_em: string;
}

export const photoUrl = (caseId: string, file: string) => `/api/comisso/${caseId}/fotos/${file}`;

/** A grave's cases, newest first; `withEmail`: the office's view. */
export async function graveCases(
  ctx: AppContext,
  graveId: string,
  withEmail: boolean,
): Promise<ComissoCase[]> {
  return casesWhere(ctx, 'k.sepultura_id = $1', graveId, withEmail);
}

export async function findCase(
  ctx: AppContext,
  id: string,
  withEmail: boolean,
): Promise<ComissoCase | null> {
  const [found] = await casesWhere(ctx, 'k.id = $1', id, withEmail);
  return found ?? null;
}

async function casesWhere(
  ctx: AppContext,
  where: string,
  param: string,
  withEmail: boolean,
): Promise<ComissoCase[]> {
  const q = ctx.database.sql;
  const cases = await q.query<CaseRow>(
    `SELECT k.id, k.sepultura_id, k.situacao, k.prazo_dias, k.nota, a.name AS aberto_por,
       ${ts('k.created_at')} AS aberto_em, ${ts('k.feito_em')} AS feito_em,
       ${day('k.decisao_data')} AS decisao_data, k.decisao_nota, d.name AS decidido_por,
       ${ts('k.decidido_em')} AS decidido_em, ${ts('k.decisao_feita_em')} AS decisao_feita_em,
       k.version
     FROM comisso_casos k LEFT JOIN users a ON a.id = k.aberto_por
     LEFT JOIN users d ON d.id = k.decidido_por
     WHERE ${where} ORDER BY k.created_at DESC, k.id`,
    [param],
  );
  if (cases.length === 0) return [];
  const ids = cases.map((c) => c.id);
  const [steps, photos, reregs] = await Promise.all([
    q.query<StepRow>(
      `SELECT e.id, e.caso_id, e.tipo, ${day('e.data')} AS data, e.nota, e.meio, e.titular_email,
         u.name AS feito_por, ${ts('e.feito_em')} AS feito_em,
         ${ts('e.created_at')} AS registrado_em
       FROM comisso_etapas e LEFT JOIN users u ON u.id = e.feito_por
       WHERE e.caso_id = ANY($1::text[]) ORDER BY e.data, e.created_at, e.id`,
      [ids],
    ),
    q.query<PhotoRow>(
      `SELECT f.etapa_id, f.file, f.thumb, f.width, f.height FROM comisso_fotos f
       JOIN comisso_etapas e ON e.id = f.etapa_id
       WHERE e.caso_id = ANY($1::text[]) ORDER BY f.etapa_id, f.position`,
      [ids],
    ),
    // A titular who re-registers while the case is open shows on it (the name and the state
    // only: the request's CPF and phone stay on the office's re-registration page).
    q.query<ReregRow>(
      `SELECT k.id AS caso_id, r.id, r.titular_nome, r.situacao,
         ${ts('r.created_at')} AS criado_em
       FROM comisso_casos k JOIN recadastramentos r ON r.sepultura_id = k.sepultura_id
         AND r.created_at >= k.created_at
         AND (k.decidido_em IS NULL OR r.created_at <= k.decidido_em)
       WHERE k.id = ANY($1::text[]) ORDER BY r.created_at, r.id`,
      [ids],
    ),
  ]);
  return cases.map((c) => {
    const etapas: ComissoStep[] = steps
      .filter((s) => s.caso_id === c.id)
      .map((s) => ({
        id: s.id,
        tipo: s.tipo,
        data: s.data,
        nota: s.nota,
        meio: s.meio,
        email: withEmail ? s.titular_email : null,
        fotos: photos
          .filter((p) => p.etapa_id === s.id)
          .map((p) => ({
            url: photoUrl(c.id, p.file),
            thumbUrl: photoUrl(c.id, p.thumb),
            width: Number(p.width),
            height: Number(p.height),
          })),
        feitoPor: s.feito_por,
        feitoEm: s.feito_em,
        registradoEm: s.registrado_em,
      }));
    const prazoDias = Number(c.prazo_dias);
    return {
      id: c.id,
      sepulturaId: c.sepultura_id,
      situacao: c.situacao,
      prazoDias,
      nota: c.nota,
      abertoPor: c.aberto_por,
      abertoEm: c.aberto_em,
      feitoEm: c.feito_em,
      prazoFim: waitingEnds(etapas, prazoDias),
      editais: etapas.filter((e) => e.tipo === 'edital').length,
      etapas,
      recadastramentos: reregs
        .filter((r) => r.caso_id === c.id)
        .map((r) => ({
          id: r.id,
          titularNome: r.titular_nome,
          situacao: r.situacao,
          criadoEm: r.criado_em,
        })),
      decisaoData: c.decisao_data,
      decisaoNota: c.decisao_nota,
      decididoPor: c.decidido_por,
      decididoEm: c.decidido_em,
      decisaoFeitaEm: c.decisao_feita_em,
      version: Number(c.version),
    };
  });
}

/** The case's grave, and whether this stored file is one of the case's photos. */
export async function casePhotoOwner(
  ctx: AppContext,
  caseId: string,
  file: string,
): Promise<string | null> {
  const [row] = await ctx.database.sql.query<{ sepultura_id: string }>(
    `SELECT k.sepultura_id FROM comisso_casos k JOIN comisso_etapas e ON e.caso_id = k.id
     JOIN comisso_fotos f ON f.etapa_id = e.id
     WHERE k.id = $1 AND (f.file = $2 OR f.thumb = $2) LIMIT 1`,
    [caseId, file],
  );
  return row?.sepultura_id ?? null;
}

export async function caseGrave(ctx: AppContext, caseId: string): Promise<string | null> {
  const [row] = await ctx.database.sql.query<{ sepultura_id: string }>(
    'SELECT sepultura_id FROM comisso_casos WHERE id = $1',
    [caseId],
  );
  return row?.sepultura_id ?? null;
}
