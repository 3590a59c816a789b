/** Tribute items for the tributes-* unit tests. */
import type { TributeItem } from '../../src/domain/tribute-types';

let n = 0;

/** A tribute at `createdAt` (ISO) with a 24-hex id that sorts with `n`. */
export function tribute(createdAt: string, overrides: Partial<TributeItem> = {}): TributeItem {
  n += 1;
  const id = overrides._id ?? `65f000000000000000${n.toString(16).padStart(6, '0')}`;
  return {
    _id: id,
    id,
    sepultadoId: '65f0000000000000000000aa',
    user: 'u1u1u1u1u1u1u1u1u1u1u1u1',
    autor: 'Ana',
    autorImage: null,
    texto: `homenagem ${n}`,
    imagem: null,
    imagemThumb: null,
    emojis: [],
    createdAt,
    ...overrides,
  };
}

/** `count` tributes one minute apart, newest first, starting at `newest`. */
export function tributesFrom(newest: string, count: number, sepultadoId?: string): TributeItem[] {
  const start = new Date(newest).getTime();
  return Array.from({ length: count }, (_, i) =>
    tribute(new Date(start - i * 60_000).toISOString(), sepultadoId ? { sepultadoId } : {}),
  );
}
