/**
 * The audit trail's vocabulary (migrations 0021, 0022): resources, actions, field names as
 * stored and their pt-BR labels, and which values are private. Shared by the API (masking) and
 * the screens (labels, filters).
 */
import { maskCpfPrivate } from './masks';

export const AUDIT_RESOURCES = {
  sepultado: 'Registro',
  foto: 'Foto do registro',
  atribuicao: 'Atribuição',
  homenagem: 'Homenagem',
  usuario: 'Usuário',
  cemiterio: 'Cemitério',
  plano: 'Planta',
  sepultura: 'Sepultura',
  sepultura_foto: 'Foto da sepultura',
  concessao: 'Concessão',
  concessao_renovacao: 'Renovação de concessão',
  concessao_taxa: 'Taxa de concessão',
  concessao_documento: 'Documento de concessão',
  recadastramento_campanha: 'Campanha de recadastramento',
  recadastramento: 'Pedido de recadastramento',
  comisso: 'Processo de comisso',
  comisso_etapa: 'Etapa de comisso',
  comisso_foto: 'Foto de vistoria',
  ordem_tipo: 'Tipo de serviço',
  ordem: 'Ordem de serviço',
  ordem_responsavel: 'Responsável pela ordem',
  ordem_versao: 'Versão da ordem',
  ordem_marco: 'Etapa da ordem',
  ordem_comentario: 'Comentário da ordem',
  ordem_foto: 'Foto da ordem',
  custodia: 'Custódia dos restos',
  restos: 'Local dos restos',
  pedido: 'Pedido da família',
  ics_token: 'Link de calendário',
} as const satisfies Record<string, string>;
export type AuditResource = keyof typeof AUDIT_RESOURCES;

export const AUDIT_ACTIONS = {
  criar: 'Criação',
  alterar: 'Alteração',
  excluir: 'Exclusão',
  restaurar: 'Restauração',
  login_recusado: 'Login recusado',
  exportar_dados: 'Exportação de dados pessoais',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ROLE_LABELS: Record<string, string> = {
  admin: 'Administrador',
  concessionario: 'Concessionário',
  usuario: 'Usuário',
};

/** Shown for an entry without a signed-in author (start-up, command-line imports). */
export const AUDIT_SYSTEM = 'Sistema';

/** Stored column names → what the screens call them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  titular_nome: 'Titular',
  titular_cpf: 'CPF do titular',
  titular_email: 'E-mail do titular',
  titular_telefone: 'Telefone do titular',
  titular_endereco: 'Endereço do titular',
  regime: 'Regime',
  situacao: 'Situação',
  sepultura_id: 'Sepultura',
  nome: 'Nome',
  idade: 'Idade',
  dt_nasc: 'Data de nascimento',
  dt_fal: 'Data de falecimento',
  nacionalidade: 'Nacionalidade',
  mae: 'Mãe',
  pai: 'Pai',
  cemiterio_id: 'Cemitério',
  rua: 'Rua',
  quadra: 'Quadra',
  chapa: 'Placa',
  epitafio: 'Epitáfio',
  tipo_sepultura: 'Tipo de sepultura',
  latitude: 'Latitude',
  longitude: 'Longitude',
  created_by: 'Criado por',
  deleted_at: 'Excluído em',
  file: 'Arquivo',
  thumb: 'Miniatura',
  position: 'Posição',
  user_id: 'Usuário',
  sepultado_id: 'Registro',
  texto: 'Texto',
  imagem: 'Imagem',
  emojis: 'Emojis',
  name: 'Nome',
  email: 'E-mail',
  cpf: 'CPF',
  phone: 'Telefone',
  role: 'Perfil',
  image: 'Foto',
  credencial: 'Senha',
  email_verified: 'E-mail confirmado',
  pending_email: 'Novo e-mail pendente',
  endereco: 'Endereço',
  horario: 'Horário',
  accepted_terms_at: 'Termos aceitos em',
  accepted_terms_version: 'Versão dos termos',
  accepted_terms_url: 'Endereço dos termos',
  user_deleted: 'Autor removido',
  autor_nome: 'Nome do autor',
  south: 'Limite sul',
  west: 'Limite oeste',
  north: 'Limite norte',
  east: 'Limite leste',
  ip: 'Endereço IP',
  motivo: 'Motivo',
  documento: 'Documento',
  decidido_por: 'Decidido por',
  decidido_em: 'Decidido em',
  concessao_id: 'Concessão',
  campanha_id: 'Campanha',
  inicio: 'Início',
  fim: 'Término',
  encerrada_em: 'Encerrada em',
  prazo_dias: 'Prazo (dias)',
  nota: 'Observação',
  data: 'Data',
  meio: 'Meio',
  feito_por: 'Feito por',
  feito_em: 'Feito em (aparelho)',
  decisao_data: 'Data da decisão',
  decisao_nota: 'Observação da decisão',
  titulo: 'Título',
  mime: 'Tipo de arquivo',
  bytes: 'Tamanho (bytes)',
};

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

/** Fields whose values only an administrator (or the person themselves) may read. */
export const PRIVATE_AUDIT_FIELDS: readonly string[] = [
  'cpf',
  'email',
  'pending_email',
  'phone',
  'ip',
  'titular_cpf',
  'titular_email',
  'titular_telefone',
  'titular_endereco',
];

/** A private value as whoever may not see it reads it. */
export function maskAuditValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined || !PRIVATE_AUDIT_FIELDS.includes(field)) return value;
  const text = String(value);
  if (field === 'cpf' || field === 'titular_cpf') return maskCpfPrivate(text) || '***';
  if (field === 'email' || field === 'pending_email' || field === 'titular_email') {
    const at = text.indexOf('@');
    return at > 0 ? `${text[0]}***${text.slice(at)}` : '***';
  }
  return text.length > 4 ? `***${text.slice(-2)}` : '***';
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Stored column names shown under another name: the password's column says only "set" or
 * "changed" in the trail, and its name has no place in an answer either.
 */
const FIELD_ALIASES: Record<string, string> = { password_hash: 'credencial' };

/** Stored changes ({field: [before, after]}) as a list, private values masked unless allowed. */
export function auditChanges(stored: Record<string, unknown>, showPrivate: boolean): AuditChange[] {
  return Object.entries(stored).map(([column, pair]) => {
    const field = FIELD_ALIASES[column] ?? column;
    const [before, after] = Array.isArray(pair) ? pair : [null, pair];
    return showPrivate
      ? { field, before, after }
      : { field, before: maskAuditValue(field, before), after: maskAuditValue(field, after) };
  });
}

export const AUDIT_MSG = {
  forbidden: 'Somente administradores podem consultar a auditoria.',
  forbiddenHistory: 'Você não tem permissão para ver o histórico deste registro.',
  forbiddenPersonalData: 'Você não tem permissão para acessar os dados desta conta.',
  badRange: 'A data inicial deve ser anterior ou igual à data final.',
  recordNotFound: 'Registro não encontrado.',
  userNotFound: 'Usuário não encontrado.',
  accountDeleted:
    'Conta excluída. As homenagens publicadas continuam visíveis como "Usuário removido".',
} as const;
