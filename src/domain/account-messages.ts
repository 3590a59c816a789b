/**
 * pt-BR texts of the account flows: verification, reset, profile and user management.
 * Spec texts are exact (product-spec §5, §8); the rest are ours, in the same voice. Kept apart
 * from messages.ts so the burial and tribute work can grow that file without clashes.
 */
export const ACCOUNT_MSG = {
  // Verification (spec §5, §8)
  emailVerified: 'E-mail verificado com sucesso!',
  verifyLinkInvalid: 'Link inválido ou expirado',
  verificationResent:
    'Se o e-mail estiver cadastrado e ainda não confirmado, enviaremos um novo link.',
  alreadyVerified: 'Seu e-mail já está confirmado.',
  emailTakenMeanwhile:
    'Este e-mail passou a ser usado por outra conta. Altere o e-mail no seu perfil novamente.',

  // Forgot / reset (spec §8)
  forgotAnswer: 'Se o e-mail existir, enviaremos instruções para recuperação.',
  resetLinkInvalid: 'Link de recuperação inválido ou expirado. Solicite um novo.',
  passwordChanged: 'Senha alterada com sucesso!',

  // Profile and user management
  profileUpdated: 'Perfil atualizado com sucesso!',
  userUpdated: 'Usuário atualizado com sucesso!',
  roleUpdated: 'Papel do usuário atualizado com sucesso!',
  userCreated: 'Usuário criado!',
  userDeleted: 'Excluído com sucesso!',
  userNotFound: 'Usuário não encontrado.',
  // A client echoed an `image` text that is not the current photo (a new one comes as a file).
  imageAsFile: 'A foto deve ser enviada como arquivo de imagem.',
  cannotDeleteSelf: 'Você não pode excluir a sua própria conta.',
  cannotDemoteSelf: 'Você não pode remover o seu próprio papel de administrador.',
  lastAdmin: 'O sistema precisa de pelo menos um administrador. Promova outra pessoa antes.',
  passwordNeedsConfirmation: 'Preencha a senha e a confirmação.',
} as const;

/** Answer to a resend asked by the logged-in person, who may see their own address. */
export function verificationSentTo(email: string): string {
  return `Enviamos um novo link de confirmação para ${email}.`;
}

/** Profile answer when the e-mail changed: the old address keeps working until then. */
export function emailChangePending(newEmail: string): string {
  return `Perfil atualizado! Enviamos um link de confirmação para ${newEmail}. Até a confirmação, seu e-mail atual continua valendo.`;
}

/** 403 for an unverified account that tries to post a tribute. */
export function verifyToPost(email: string): string {
  return `Confirme seu e-mail para publicar homenagens. Enviamos um link para ${email}.`;
}
