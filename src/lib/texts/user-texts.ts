/**
 * Screen texts of the profile and user-management pages. Spec texts (§2, §5, §8) are exact;
 * the offline and hint texts are ours, in the same voice.
 */
export const USER_TEXT = {
  listTitle: 'Gerenciamento de Usuários',
  listFailed: 'Erro ao carregar usuários',
  listEmpty: 'Nenhum usuário encontrado.',
  listOwnOnly: 'Você pode editar apenas o seu próprio perfil.',
  searchLabel: 'Buscar por nome ou e-mail',
  deleteConfirm: 'Tem certeza que deseja excluir este usuário?',
  deleted: 'Excluído com sucesso!',
  deleteFailed: 'Erro ao excluir',

  createTitle: 'Novo Usuário',
  createIntro: 'Cadastre um usuário do sistema. Somente administradores têm acesso a esta página.',
  created: 'Usuário criado!',
  createFailed: 'Erro ao criar usuário',
  createAdminOnly: 'Acesso restrito: somente administradores podem criar usuários.',
  createNeedsLogin: 'Você precisa estar logado para criar usuários.',
  createSessionExpired: 'Sessão expirada ou inválida. Entre novamente.',
  createForbidden: 'Sem permissão para criar usuários.',
  createDuplicate: 'E-mail ou CPF já cadastrado.',
  passwordNeedsConfirmation: 'Preencha a senha e a confirmação.',

  editTitle: 'Editar Usuário',
  loadFailed: 'Erro ao carregar usuário.',
  updateFailed: 'Erro ao atualizar usuário',
  roleBoxTitle: 'Papel do Usuário',
  roleBoxHint:
    'Use com cuidado: o papel define o que a pessoa pode fazer no sistema. Um administrador não pode remover o seu próprio papel de administrador.',

  profileTitle: 'Perfil',
  unverified: 'Seu e-mail ainda não foi confirmado. Confirme-o para publicar homenagens.',
  resend: 'Reenviar link de confirmação',
  resendFailed: 'Não foi possível reenviar o link de confirmação.',
  passwordHint: 'Deixe a senha em branco para manter a atual.',

  noPhoto: 'Sem foto',
  photoLabel: 'Foto (JPG/PNG)',
  offline:
    'Sem conexão com a internet: esta ação precisa de conexão. Tente novamente quando o sinal voltar.',
} as const;

/** pt-BR label of each role (spec §2 "Papel do Usuário"). */
export const ROLE_LABEL = {
  usuario: 'Usuário',
  concessionario: 'Concessionário',
  admin: 'Admin',
} as const;
