/**
 * Texts of the Homenagens screen that only the browser shows. The spec's exact texts and the
 * server's refusals live in src/domain/tribute-rules.ts (TRIBUTE_MSG); these are ours, in the
 * same voice, for states the spec leaves open (no signal, confirmations, labels).
 */
import { LOAD_TEXT } from './load-texts';

export const TRIBUTE_UI = {
  /** One copy: the heading also stands while the section's code comes (tributes-slot). */
  heading: LOAD_TEXT.tributesHeading,
  loginLink: 'Entrar para deixar uma homenagem',
  textLabel: 'Sua homenagem',
  textPlaceholder: 'Escreva algumas palavras de carinho…',
  emojiButton: 'Emojis',
  emojiButtonLabel: 'Escolher emojis',
  emojiLoading: 'Carregando emojis…',
  emojiSheetTitle: 'Escolha um emoji',
  emojiUnavailable: 'Não foi possível abrir os emojis agora. Tente de novo mais tarde.',
  removeEmoji: (emoji: string) => `Remover ${emoji}`,
  attachPhoto: 'Anexar foto',
  changePhoto: 'Trocar foto',
  removePhoto: 'Remover',
  photoPreviewAlt: 'Pré-visualização da foto escolhida',
  submit: 'Enviar homenagem',
  sending: 'Enviando…',
  offlinePost:
    'Sem conexão com a internet. A homenagem não foi enviada; o texto continua aqui para você tentar de novo quando o sinal voltar.',
  offlineDelete: 'Sem conexão com a internet. Tente remover quando o sinal voltar.',
  offlineList: 'Sem conexão: mostrando as homenagens guardadas neste aparelho.',
  offlineUnknown: 'Homenagens disponíveis quando houver conexão',
  loadMoreFailed: 'Não foi possível carregar mais homenagens.',
  offlineLoadMore: 'Sem conexão com a internet. Tente carregar mais quando o sinal voltar.',
  loadMore: 'Carregar mais',
  loading: 'Carregando…',
  empty: 'Ainda não há homenagens. Deixe a primeira.',
  count: (n: number) => (n === 1 ? '1 homenagem' : `${n} homenagens`),
  confirmDelete: 'Tem certeza que deseja remover esta homenagem?',
  deleteLabel: (autor: string) => `Remover homenagem de ${autor}`,
  deleteButton: 'Remover',
  openPhoto: (autor: string) => `Ampliar foto da homenagem de ${autor}`,
  photoAlt: (autor: string) => `Foto da homenagem de ${autor}`,
  avatarAlt: '',
  emojisLabel: 'Emojis da homenagem',
  chosenEmojisLabel: 'Emojis escolhidos',
  emojiLimit: (max: number) => `Limite de ${max} emojis atingido.`,
  verifyNotice: 'Confirme seu e-mail para publicar homenagens.',
  resendLink: 'Reenviar link',
  resendFailed: 'Não foi possível reenviar o link. Tente novamente em instantes.',
  modalLabel: 'Fotos das homenagens',
  modalClose: 'Fechar',
  modalPrev: 'Foto anterior',
  modalNext: 'Próxima foto',
  modalDot: (n: number, total: number) => `Foto ${n} de ${total}`,
  modalCaption: (autor: string) => `Homenagem de ${autor}`,
  notImage: 'Escolha um arquivo de imagem (JPEG, PNG, WebP, GIF ou AVIF).',
} as const;
