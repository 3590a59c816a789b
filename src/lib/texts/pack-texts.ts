/** pt-BR texts of the visit pack; the spec gives none, these are ours. */
export const PACK_TEXT = {
  title: 'Uso offline',
  navLink: 'Uso offline',
  intro:
    'Baixe os registros do cemitério para este aparelho e encontre sepulturas por nome, rua, quadra ou placa mesmo sem sinal.',
  download: 'Baixar cemitério para uso offline',
  resume: 'Continuar download',
  cancel: 'Cancelar',
  updateNow: 'Atualizar agora',
  updating: 'Atualizando…',
  withThumbs: 'Incluir fotos em miniatura',
  sizesLoading: 'Calculando o tamanho…',
  sizesUnavailable: 'Sem conexão: o tamanho aparece quando houver sinal.',
  phaseRecords: 'Baixando registros',
  phaseIndex: 'Preparando a busca offline',
  phaseThumbs: 'Baixando fotos em miniatura',
  phaseRecordsDone: 'Registros baixados',
  phaseThumbsDone: 'Fotos em miniatura baixadas',
  done: 'Cemitério disponível offline neste aparelho.',
  cancelled: 'Download cancelado. O que já foi baixado continua disponível.',
  interrupted: 'O download foi interrompido. Continue de onde parou.',
  persisted: 'O navegador vai guardar estes dados (armazenamento persistente concedido).',
  notPersisted:
    'O navegador não garantiu o armazenamento persistente: se faltar espaço, ele pode apagar estes dados.',
  offerTitle: 'Vai ao cemitério?',
  offerText: 'Baixe os registros para encontrar sepulturas mesmo sem sinal.',
  offerAccept: 'Ver como',
  offerDismiss: 'Agora não',
  thumbsStoppedQuota:
    'Sem espaço no aparelho para as fotos: os registros já baixados continuam funcionando.',
  remove: 'Remover do aparelho',
  removing: 'Removendo…',
  confirmRemove: (nome: string) =>
    `Remover ${nome} deste aparelho? A busca offline deixa de encontrar estes registros até baixar de novo.`,
  nearest: 'Mais perto de você',
  useLocation: 'Usar minha localização para sugerir o cemitério',
  locating: 'Procurando sua localização…',
  locationFailed: 'Não foi possível saber sua localização. Escolha o cemitério na lista.',
  listUnavailable: 'Sem conexão: a lista de cemitérios aparece quando houver sinal.',
  /** An empty register: the offer on every page leads here, so this page says why it is bare. */
  nothingYet:
    'Ainda não há cemitérios com sepultados cadastrados para baixar. Quando a administração cadastrar os registros, o cemitério aparece aqui para uso offline.',
  distance: (meters: number) =>
    meters < 100
      ? 'Você está aqui'
      : meters < 1000
        ? `A ${Math.round(meters / 10) * 10} m`
        : `A ${(meters / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} km`,
  held: (n: string) => `${n} registros neste aparelho`,
  updatedAt: (when: string) => `Atualizado em ${when}`,
  records: (n: string) => `${n} registros`,
  thumbs: (n: string) => `${n} fotos em miniatura`,
  spaceUsed: (used: string, quota: string) => `Espaço usado neste aparelho: ${used} de ${quota}`,
  progressRecords: (done: string, total: string, bytes: string) =>
    `${done} de ${total} registros · ${bytes} recebidos`,
  progressThumbs: (done: string, total: string, bytes: string) =>
    `${done} de ${total} fotos · ${bytes} neste aparelho`,
} as const;

// Made on first use: the first Intl object of a page loads the locale's data (tens of ms on a
// phone), which at module load would lengthen the boot's one long task.
let number: Intl.NumberFormat | undefined;
const numberFormat = () => (number ??= new Intl.NumberFormat('pt-BR'));

export const formatCount = (n: number) => numberFormat().format(n);

/** Sizes as people read them: "850 kB", "1 MB", "1,4 GB" — never "1.015 kB". */
export function formatBytes(bytes: number): string {
  const kb = Math.max(1, Math.round(bytes / 1024));
  if (kb < 1000) return `${numberFormat().format(kb)} kB`;
  if (bytes < 1024 ** 3) {
    return `${(bytes / 1024 ** 2).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  }
  return `${(bytes / 1024 ** 3).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`;
}

export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
}
