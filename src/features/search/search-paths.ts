/** Small shared bits of the search screens (kept apart so the navbar imports little). */

export const RESULTS_PATH = '/sepultados/pesquisa';

export const resultsPath = (q: string) => `${RESULTS_PATH}?q=${encodeURIComponent(q)}`;

/** The last line of the suggestions (spec §2). */
export const seeAllText = (term: string) => `Ver todos os resultados para "${term}"`;
