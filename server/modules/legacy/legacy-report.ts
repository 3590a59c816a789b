/**
 * The import's report: what was read, written and refused, and every problem with the document
 * it came from. Printed at the end and written to a file (also on --dry-run), so the
 * administration can fix the originals or the imported records one by one.
 */

/** Each kind of problem, with the words the report prints for it. */
export const PROBLEM_KINDS = {
  'documento-ilegivel': 'documento ilegível (JSON inválido)',
  'id-invalido': '_id ausente ou não é um ObjectId',
  'id-duplicado': '_id repetido na exportação',
  'campo-obrigatorio': 'campo obrigatório ausente',
  'cpf-invalido': 'CPF inválido',
  'email-invalido': 'e-mail inválido',
  'email-duplicado': 'e-mail repetido',
  'cpf-duplicado': 'CPF repetido',
  'telefone-invalido': 'telefone inválido',
  'senha-invalida': 'senha ausente ou não é um hash bcrypt',
  'data-impossivel': 'data impossível',
  'datas-invertidas': 'nascimento depois do falecimento',
  'valor-invalido': 'valor inválido',
  'texto-longo': 'texto acima do limite',
  'referencia-pendente': 'referência a usuário inexistente',
  'foto-ilegivel': 'foto ilegível ou recusada',
  'foto-ausente': 'arquivo de foto não encontrado',
  'comentario-vazio': 'comentário sem texto',
} as const;

export type ProblemKind = keyof typeof PROBLEM_KINDS;
export type Collection = 'users' | 'sepultados';

export interface Problem {
  kind: ProblemKind;
  collection: Collection;
  /** The document's _id (or "linha N" when it has none). */
  id: string;
  field?: string;
  detail: string;
  /** What became of the document (or of the value): left out, or imported with the fix told. */
  outcome: 'ignorado' | 'importado';
}

export interface Tally {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

const tally = (): Tally => ({ read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0 });

export class ImportReport {
  readonly problems: Problem[] = [];
  readonly users = tally();
  readonly sepultados = tally();
  readonly comentarios = tally();
  readonly concessionarios = { linked: 0, unlinked: 0 };
  readonly photos = { stored: 0, reused: 0, refused: 0, skipped: 0 };
  /** Facts about the run that are no one document's problem (e.g. no --images given). */
  readonly notes: string[] = [];

  constructor(readonly dryRun: boolean) {}

  add(problem: Problem): void {
    this.problems.push(problem);
  }

  counts(): Partial<Record<ProblemKind, number>> {
    const out: Partial<Record<ProblemKind, number>> = {};
    for (const p of this.problems) out[p.kind] = (out[p.kind] ?? 0) + 1;
    return out;
  }

  /** The summary: totals, then the number of problems of each kind. */
  summary(): string {
    const row = (name: string, t: Tally) =>
      this.dryRun
        ? `  ${name}: ${t.read} lidos, ${t.created} novos, ${t.updated + t.unchanged} já existentes, ${t.skipped} ignorados`
        : `  ${name}: ${t.read} lidos, ${t.created} novos, ${t.updated} atualizados, ${t.unchanged} sem mudança, ${t.skipped} ignorados`;
    const lines = [
      this.dryRun
        ? 'Importação do sistema anterior — SIMULAÇÃO (--dry-run): nada foi gravado'
        : 'Importação do sistema anterior',
      row('usuários', this.users),
      row('sepultados', this.sepultados),
      row('comentários', this.comentarios),
      `  concessionários atribuídos: ${this.concessionarios.linked} (${this.concessionarios.unlinked} removidos)`,
      `  fotos: ${this.photos.stored} gravadas, ${this.photos.reused} já importadas, ${this.photos.refused} recusadas, ${this.photos.skipped} não lidas`,
      ...this.notes.map((n) => `  ${n}`),
      '',
      `Problemas: ${this.problems.length}`,
    ];
    for (const [kind, n] of Object.entries(this.counts())) {
      lines.push(`  ${kind} (${PROBLEM_KINDS[kind as ProblemKind]}): ${n}`);
    }
    return lines.join('\n');
  }

  /** One line per problem: kind, collection, id, field, outcome, detail (tab-separated). */
  problemLines(): string[] {
    return this.problems.map((p) =>
      [p.kind, p.collection, p.id, p.field ?? '', p.outcome, p.detail].join('\t'),
    );
  }

  /** The whole report as the file holds it. */
  toText(): string {
    return [
      this.summary(),
      '',
      'tipo\tcoleção\tid\tcampo\tresultado\tdetalhe',
      ...this.problemLines(),
      '',
    ].join('\n');
  }
}
