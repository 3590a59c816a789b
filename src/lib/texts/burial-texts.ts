/**
 * pt-BR texts of the burial screens. Those spec §2/§8 quote are exact; the rest are ours, in
 * the same voice. Texts the server shares (form rules, refusals) live in
 * src/domain/burial-messages.ts and are not repeated here.
 */
export const TEXT = {
  loading: 'Carregando...',
  roleLoading: 'Carregando…',
  homeTitle: 'Recentes',
  homeEmpty: 'Não há sepultados cadastrados no momento',
  moreDetails: 'Mais detalhes',
  detailLoadError: 'Erro ao carregar sepultado.',
  backHome: 'Voltar para o início',
  /** A visitor's way back from a record that failed: the public search (docs/decisions.md). */
  backToSearch: 'Voltar para a pesquisa',
  editLoadError: 'Erro ao carregar dados do sepultado.',
  noImage: 'Nenhuma imagem disponível',

  dashboardTitle: 'Gerenciamento de Sepultados',
  dashboardEmpty: 'Nenhum resultado para sua busca',
  listUnauthenticated: 'Sessão expirada ou não autenticado.',
  listForbidden: 'Sem permissão para acessar esta lista.',
  listError: 'Erro ao carregar sepultados.',
  removeError: 'Erro ao remover.',
  removed: 'Removido com sucesso!',
  dashAssignError: 'Erro ao atribuir concessionário',
  dashUnassignError: 'Erro ao remover atribuição',
  dashAssigned: 'Concessionário atribuído com sucesso!',
  dashUnassigned: 'Concessionário removido com sucesso!',

  /** Under an empty "Cemitério": where the record will go (the server's default, the oldest). */
  blankCemetery: (nome: string) => `Sem cemitério informado, o registro será salvo em: ${nome}.`,

  createTitle: 'Criação de Memorial',
  createExplain:
    'Após o cadastro, a pessoa sepultada poderá ser encontrada dentro do cemitério e receber homenagens de amigos e familiares.',
  createError: 'Erro ao criar sepultado',
  created: 'Criado com sucesso!',
  createSessionInvalid: 'Sessão inválida. Faça login novamente.',
  createForbidden: 'Você não tem permissão para criar sepultados.',
  needLogin: 'Você precisa estar logado.',

  editTitle: 'Editando as informações',
  editNote: 'Os dados alterados abaixo serão atualizados no registro do sepultado.',
  sessionExpired: 'Sessão expirada: faça login novamente.',
  editForbidden: 'Sem permissão para editar este registro.',
  updateError: 'Erro ao atualizar registro',
  updated: 'Registro atualizado com sucesso!',
  editFromDevice:
    'Sem conexão: editando a cópia guardada neste aparelho. A alteração será enviada quando houver conexão.',
  editPending:
    'Há uma alteração sua deste registro aguardando envio; o que mudar agora se junta a ela.',
  staleReload: 'Carregar dados atuais',
  staleHint:
    'Carregar os dados atuais descarta as alterações que você ainda não salvou; manter as suas grava por cima da outra alteração.',
  staleKeepMine: 'Manter minhas alterações',

  selectAssignee: 'Selecione um concessionário',
  selectAssigneeRequired: 'Selecione um concessionário.',
  assign: 'Atribuir',
  assigning: 'Atribuindo...',
  assignedList: 'Concessionários atribuídos',
  noneAssigned: 'Nenhum concessionário atribuído.',
  assignForbidden: 'Sem permissão para atribuir (somente admin).',
  assignError: 'Erro ao atribuir concessionário.',
  assigned: 'Concessionário atribuído com sucesso!',
  unassignForbidden: 'Sem permissão para remover atribuição (somente admin).',
  unassignError: 'Erro ao remover atribuição.',
  unassigned: 'Atribuição removida com sucesso!',

  // Ours
  mineFromDevice:
    'Sem conexão: lista guardada neste aparelho. As correções ficam guardadas e são enviadas quando o sinal voltar.',
  offline:
    'Sem conexão com a internet. Esta ação precisa de conexão; tente de novo quando o sinal voltar.',
  editOfflineNoCopy:
    'Sem conexão: este aparelho não tem o registro completo (o pacote do cemitério traz só o resumo). Para corrigi-lo sem sinal, abra-o uma vez com internet.',
  deviceCopy: 'Mostrando a cópia guardada neste aparelho.',
  deviceCopyOffline: 'Sem conexão: mostrando a cópia guardada neste aparelho.',
  detailOffline:
    'Sem conexão: este registro ainda não foi aberto neste aparelho. Abra-o uma vez com internet para vê-lo depois sem sinal.',
  partialOffline: 'Sem conexão: os demais dados aparecem quando o sinal voltar.',
  askAdmin: 'Para cadastrar um novo sepultado, peça a um administrador.',
  confirmDelete: (nome: string) =>
    `Tem certeza que deseja excluir o registro de ${nome}? As fotos e homenagens também serão removidas.`,
} as const;
