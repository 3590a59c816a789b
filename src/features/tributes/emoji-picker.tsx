/**
 * The emoji picker of the tribute form, loaded only when the emoji button is first pressed
 * (tributes-section imports it with React.lazy), so neither the library nor its data are in
 * the first load. Built from emoji-picker-react's primitives rather than its default entry:
 * the default entry registers the English dataset eagerly, the primitives take only the
 * Portuguese one we pass. Native emoji (the system font) and bundled data: nothing is fetched
 * from a CDN, which the CSP (connect-src/img-src 'self') would refuse anyway.
 *
 * Spec §9: Portuguese, light theme, 9 per line, 4 frequent rows (our own list, see
 * emoji-frequent.ts), emoji 24 px in a 36 px button (tributes.css), six skin tones (neutral +
 * five, the SkinTone control). "Up to 90 search results" has no setting in this library.
 */
import pt from 'emoji-picker-react/data/emojis-pt';
import {
  Categories,
  type CategoryConfig,
  CategoryNav,
  type EmojiClickData,
  Empty,
  List,
  LoadError,
  Loading,
  type PickerLabels,
  Preview,
  Root,
  Search,
  SkinTone,
  Viewport,
} from 'emoji-picker-react/primitives';
import { useState } from 'react';
import {
  EMOJI_COLUMNS,
  readFrequent,
  recordEmoji,
  suggestedEmojis,
  writeFrequent,
} from './emoji-frequent';

const LABELS: PickerLabels = {
  searchPlaceholder: 'Pesquisar emoji',
  searchLabel: 'Pesquisar emoji',
  searchClear: 'Limpar pesquisa',
  searchResultsNone: 'Nenhum emoji encontrado.',
  searchResultsOne: '1 emoji encontrado.',
  searchResultsMany: '%n emojis encontrados.',
  categoryNavigation: 'Categorias de emojis',
  reactions: 'Reações',
  expandReactions: 'Ver todos os emojis',
  loading: 'Carregando emojis…',
  loadingError: 'Não foi possível carregar os emojis.',
  retryLoading: 'Tentar de novo',
  skinToneNeutral: 'Tom de pele neutro',
  skinToneLight: 'Tom de pele claro',
  skinToneMediumLight: 'Tom de pele médio-claro',
  skinToneMedium: 'Tom de pele médio',
  skinToneMediumDark: 'Tom de pele médio-escuro',
  skinToneDark: 'Tom de pele escuro',
};

// The dataset's names are lower case and the library title-cases them ("Pessoas E Corpo");
// Portuguese capitalises only the first word, so the names are given here.
const CATEGORIES: CategoryConfig[] = [
  { category: Categories.SUGGESTED, name: 'Mais usados' },
  { category: Categories.SMILEYS_PEOPLE, name: 'Pessoas e corpo' },
  { category: Categories.ANIMALS_NATURE, name: 'Animais e natureza' },
  { category: Categories.FOOD_DRINK, name: 'Comida e bebida' },
  { category: Categories.TRAVEL_PLACES, name: 'Viagens e lugares' },
  { category: Categories.ACTIVITIES, name: 'Atividades' },
  { category: Categories.OBJECTS, name: 'Objetos' },
  { category: Categories.SYMBOLS, name: 'Símbolos' },
  { category: Categories.FLAGS, name: 'Bandeiras' },
];

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

// Focusing the search on a phone raises the on-screen keyboard over the picker: only with a mouse.
const finePointer = () =>
  typeof matchMedia === 'function' && matchMedia('(hover: hover) and (pointer: fine)').matches;

export default function TributeEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  // Read once per opening: the row must not reshuffle under the finger while choosing.
  const [suggested] = useState(() => suggestedEmojis(readFrequent(storage())));
  const [autoFocus] = useState(finePointer);

  function pick(data: EmojiClickData) {
    writeFrequent(storage(), recordEmoji(readFrequent(storage()), data.emoji));
    onPick(data.emoji);
  }

  return (
    <Root
      appearance="default"
      colorScheme="light"
      className="tribute-picker"
      lang="pt-BR"
      emojiData={pt}
      categories={CATEGORIES}
      emojiStyle="native"
      columns={EMOJI_COLUMNS}
      labels={LABELS}
      suggestedEmojis={suggested}
      autoFocusSearch={autoFocus}
      previewConfig={{ defaultCaption: 'Escolha um emoji' }}
      onEmojiClick={pick}
    >
      <Search>
        <SkinTone />
      </Search>
      <CategoryNav />
      <Viewport>
        <List />
        <Empty />
        <Loading />
        <LoadError />
      </Viewport>
      <Preview />
    </Root>
  );
}
