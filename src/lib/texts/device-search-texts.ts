/**
 * What a search without signal says it searched (src/data/search/device-scope.ts): the
 * cemeteries whose visit pack is on the device, or — with none — only the records already seen
 * here, how many, and where the cemetery's download is. The spec gives none of these; they keep
 * the app's "Sem conexão: …" voice (docs/decisions.md: what the offline search says it searched).
 */
export interface ScopeFigures {
  /** Names of the cemeteries searched through their pack ('' when unnamed). */
  packs: readonly string[];
  /** Other records kept on the device from visits with signal. */
  rows: number;
}

// Made on first use, not at module load (the locale's data costs the boot tens of ms on a phone).
let count: Intl.NumberFormat | undefined;
let list: Intl.ListFormat | undefined;
const countFormat = () => (count ??= new Intl.NumberFormat('pt-BR'));
const listFormat = () =>
  (list ??= new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' }));

const seen = (n: number) =>
  n === 1 ? '1 sepultado já visto' : `${countFormat().format(n)} sepultados já vistos`;

export const DEVICE_SEARCH_TEXT = {
  /** The link to the packs' screen (/offline). */
  downloadLink: 'Baixar cemitério para uso offline',
  downloadWhy:
    'Para pesquisar o cemitério inteiro sem sinal, baixe-o para uso offline. O download precisa de conexão.',
} as const;

/** The sentence saying what was searched. */
export function scopeText({ packs, rows }: ScopeFigures): string {
  if (packs.length === 0) {
    if (rows === 0) {
      return 'Sem conexão: a pesquisa olha só os sepultados já vistos neste aparelho, e ainda não há nenhum. O cemitério inteiro não foi pesquisado.';
    }
    return `Sem conexão: a pesquisa cobriu só ${rows === 1 ? 'o' : 'os'} ${seen(rows)} neste aparelho, não o cemitério inteiro.`;
  }
  const names = listFormat().format(packs.map((n) => n || 'o cemitério baixado'));
  const held = packs.length === 1 ? 'baixado' : 'baixados';
  const more = rows > 0 ? `, e mais ${seen(rows)} de outros cemitérios` : '';
  return `Sem conexão: a pesquisa cobriu ${names}, ${held} neste aparelho${more}.`;
}
