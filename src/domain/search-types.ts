/** Shapes of GET /api/sepultados/pesquisa (issue 6), shared by the server and the client. */
import type { SepultadoCard } from './sepultado-types';

/** A result card: the home card's fields plus the date of death and the photo as one name. */
export interface SearchCard extends SepultadoCard {
  /** Date of death, ISO (YYYY-MM-DD), or null when unknown. */
  dtFal: string | null;
  /** First display-size photo's file name (also images[0]), or null. */
  image: string | null;
}

/** `?q=…&limit=…`: the best `limit` matches and how many there are in all. */
export interface SearchAnswer {
  sepultados: SearchCard[];
  total: number;
}

/** `?q=…&suggestions=true` answers an array of these (at most 8). */
export interface SearchSuggestion {
  _id: string;
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
}
