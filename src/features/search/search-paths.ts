/** Small shared bits of the search screens (kept apart so the navbar imports little). */

export const RESULTS_PATH = '/sepultados/pesquisa';

/** The results page of a term, narrowed to one cemetery when `cemiterio` is given. */
export const resultsPath = (q: string, cemiterio: string | null = null) =>
  `${RESULTS_PATH}?q=${encodeURIComponent(q)}${
    cemiterio ? `&cemiterio=${encodeURIComponent(cemiterio)}` : ''
  }`;

/** The last line of the suggestions (spec §2). */
export const seeAllText = (term: string) => `Ver todos os resultados para "${term}"`;
