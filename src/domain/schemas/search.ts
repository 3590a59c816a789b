/** Shapes of GET /api/sepultados/pesquisa: the server's schemas, the client's types (derived). */
import { Type } from 'typebox';
import { SEARCH_LIMITS } from '../search-query';
import { BurialCardSchema, BurialRefSchema } from './burial';
import { CemeteryIdSchema } from './cemetery';
import { NullableScalar } from './common';

/** A result card: the home card's fields plus the date of death and the photo as one name. */
export const SearchCardSchema = Type.Object({
  ...BurialRefSchema.properties,
  /** Date of death, ISO (YYYY-MM-DD), or null when unknown. */
  dtFal: NullableScalar<string>('string'),
  /** First display-size photo's file name (also images[0]), or null. */
  image: NullableScalar<string>('string'),
  images: BurialCardSchema.properties.images,
  thumb: BurialCardSchema.properties.thumb,
});

/**
 * `?q=…&limit=…`: the best `limit` matches and how many there are in all, exact up to
 * SEARCH_LIMITS.totalCap; past it `total` is the cap and `totalIsLowerBound` is true (present
 * only then: "more than `total`").
 */
export const SearchAnswerSchema = Type.Object({
  sepultados: Type.Array(SearchCardSchema),
  total: Type.Integer(),
  totalIsLowerBound: Type.Optional(Type.Literal(true)),
});

/** One suggestion: what names a grave (and its cemetery). */
export const SearchSuggestionSchema = BurialRefSchema;

/**
 * `?q=…&suggestions=true`: at most 8, as `{ sepultado, total }` (spec §7 "sepultado array"; the
 * original app's navbar reads `data.sepultado`, docs/compatibility.md). `total` is how many are here.
 */
export const SearchSuggestionsAnswerSchema = Type.Object({
  sepultado: Type.Array(SearchSuggestionSchema),
  total: Type.Integer(),
});

/** The query string of GET /api/sepultados/pesquisa. */
export const SearchQuerySchema = Type.Object({
  // The domain check gives the pt-BR message for > 100 characters; this only bounds the work.
  q: Type.Optional(Type.String({ maxLength: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_LIMITS.maxLimit })),
  suggestions: Type.Optional(Type.Boolean()),
  /** Only this cemetery's records (schemas/cemetery.ts). */
  cemiterio: Type.Optional(CemeteryIdSchema),
});
