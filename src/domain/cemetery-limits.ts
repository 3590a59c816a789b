/**
 * The lengths a cemetery's texts may have (migration 0010's checks). Apart from the schemas so
 * the admin form takes them without the TypeBox schemas in the browser's bundle.
 */
export const CEMETERY_LIMITS = { nome: 120, endereco: 200, horario: 500 } as const;
