/** pt-BR texts of the cemeteries (migration 0010): the server's answers and the screens share them. */
export const CEM_MSG = {
  notFound: 'Cemitério não encontrado.',
  forbidden: 'Somente administradores podem gerenciar os cemitérios.',
  nameRequired: 'Informe o nome do cemitério.',
  nameTooLong: 'O nome do cemitério pode ter no máximo 120 caracteres.',
  addressTooLong: 'O endereço pode ter no máximo 200 caracteres.',
  hoursTooLong: 'O horário pode ter no máximo 500 caracteres.',
  coordinatesPair: 'Informe a latitude e a longitude da entrada, ou nenhuma das duas.',
  latitude: 'Latitude inválida: use um número entre -90 e 90.',
  longitude: 'Longitude inválida: use um número entre -180 e 180.',
  mergeSelf: 'Escolha outro cemitério: não é possível mesclar um cemitério com ele mesmo.',
  mergeTargetNotFound: 'O cemitério de destino não existe mais. Atualize a lista e tente de novo.',
  // Screens
  listTitle: 'Cemitérios',
  listLoadError: 'Não foi possível carregar os cemitérios.',
  saveError: 'Não foi possível salvar o cemitério. Tente de novo.',
  needsSignal: 'Sem conexão: é preciso estar on-line para alterar os cemitérios.',
  created: 'Cemitério cadastrado.',
  saved: 'Cemitério salvo.',
  merged: 'Cemitérios mesclados.',
  allCemeteries: 'Todos os cemitérios',
  chooseLabel: 'Cemitério',
} as const;

/** 409: another cemetery already has this name (same after ignoring case, accents and spaces). */
export function duplicateNameMessage(existing: string): string {
  return `Já existe um cemitério com este nome: “${existing}”.`;
}

/** The public page's count line: "1 sepultado registrado", "1.234 sepultados registrados". */
export function recordCountText(total: number): string {
  const n = total.toLocaleString('pt-BR');
  return total === 1 ? `${n} sepultado registrado` : `${n} sepultados registrados`;
}

/** What a merge will do, said before the admin confirms it. */
export function mergeConfirmText(source: string, target: string, total: number): string {
  const records = total === 1 ? '1 registro' : `${total.toLocaleString('pt-BR')} registros`;
  return `Mover ${records} de “${source}” para “${target}” e remover “${source}”? Esta ação não pode ser desfeita.`;
}
