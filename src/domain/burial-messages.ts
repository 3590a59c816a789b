/**
 * pt-BR texts of the burial register, shared by the form, the dashboard and the server. Texts
 * quoted by the spec (§5, §8) are exact; the others are ours, in the same voice.
 */
export const SEP_MSG = {
  // Form rules, spec §5 (exact)
  nomeRequired: 'O nome é obrigatório',
  dtFalInvalid: 'Data de falecimento inválida (DD/MM/AAAA)',
  quadraRequired: 'Quadra é obrigatória',
  chapaRequired: 'Placa é obrigatória',
  // Form rules (ours)
  /** A sheet's empty death-date cell (the form keeps the spec's "inválida" for any bad value). */
  dtFalRequired: 'A data de falecimento é obrigatória (DD/MM/AAAA)',
  dtNascInvalid: 'Data de nascimento inválida (DD/MM/AAAA)',
  dtNascAfterDtFal: 'A data de nascimento não pode ser posterior à data de falecimento',
  idadeInvalid: 'A idade deve ser um número inteiro entre 0 e 150',
  tipoSepulturaInvalid: 'Tipo de sepultura inválido (Terra, Laje, Gaveta, Jazigo ou Capela)',
  latitudeInvalid: 'Latitude inválida (entre -90 e 90)',
  longitudeInvalid: 'Longitude inválida (entre -180 e 180)',

  // Server answers: successes of spec §8 (exact)
  created: 'Criado com sucesso!',
  updated: 'Registro atualizado com sucesso!',
  removed: 'Removido com sucesso!',
  assigned: 'Concessionário atribuído com sucesso!',
  unassigned: 'Atribuição removida com sucesso!',
  // Refusals whose texts spec §8 gives for the client; the server answers the same words
  forbiddenCreate: 'Você não tem permissão para criar sepultados.',
  forbiddenEdit: 'Sem permissão para editar este registro.',
  forbiddenAssign: 'Sem permissão para atribuir (somente admin).',
  forbiddenUnassign: 'Sem permissão para remover atribuição (somente admin).',
  forbiddenList: 'Sem permissão para acessar esta lista.',
  // Failures of spec §8 (exact)
  updateFailed: 'Erro ao atualizar registro',
  detailLoadFailed: 'Erro ao carregar sepultado.',
  // Ours
  notFound: 'Sepultado não encontrado.',
  userNotFound: 'Usuário não encontrado.',
  notConcessionario: 'O usuário não é um concessionário.',
  forbiddenDelete: 'Sem permissão para remover este registro (somente admin).',
  forbiddenConcessionarios: 'Sem permissão para listar concessionários (somente admin).',
  versionInvalid: 'Versão do registro inválida.',
  // Offline sync and edit conflicts
  editConflict: 'Este registro foi alterado por outra pessoa. Revise as diferenças.',
  editKeyReused: 'Esta chave de idempotência já foi usada em outra edição.',
  syncCursorInvalid: 'Cursor de sincronização inválido.',
  tooManyPhotos: (max: number) => `Cada registro pode ter no máximo ${max} fotos.`,
  nothingToUpload: 'Nenhum dado enviado.',
} as const;

export function maxLengthMessage(max: number): string {
  return `Use no máximo ${max} caracteres`;
}
