/**
 * Shapes of GET /api/sepultados/pesquisa, shared by the server and the client. Types only,
 * derived from schemas/search.ts.
 */
import type { Static } from 'typebox';
import type {
  SearchAnswerSchema,
  SearchCardSchema,
  SearchSuggestionSchema,
  SearchSuggestionsAnswerSchema,
} from './schemas/search';

/** A result card: the home card's fields plus the date of death and the photo as one name. */
export type SearchCard = Static<typeof SearchCardSchema>;

/** `?q=…&limit=…`: the best `limit` matches and how many there are in all. */
export type SearchAnswer = Static<typeof SearchAnswerSchema>;

/** One suggestion. */
export type SearchSuggestion = Static<typeof SearchSuggestionSchema>;

/** `?q=…&suggestions=true`: `{ sepultado: [at most 8], total }`. */
export type SearchSuggestionsAnswer = Static<typeof SearchSuggestionsAnswerSchema>;
