/**
 * The dashboard's assignee lookup (spec §5): what the admin typed → one concessionário.
 * A 24-hex id is used directly; with "@" it is an e-mail; otherwise a name, tried as exact,
 * then as the start of the name, then anywhere in it, ignoring case and accents (the search
 * module's folding). The first step that finds anyone decides: one match is the answer,
 * several are listed for the admin to pick by e-mail.
 */

import type { ConcessionarioListItem } from '../../domain/burial-types';
import { isId } from '../../domain/ids';
import { foldText } from '../../domain/search-text';

type LookupResult =
  | { kind: 'found'; id: string; user: ConcessionarioListItem | null }
  | { kind: 'empty' }
  | { kind: 'unavailable' }
  | { kind: 'none'; entry: string }
  | { kind: 'several'; entry: string; matches: ConcessionarioListItem[] };

export function findAssignee(
  entry: string,
  list: readonly ConcessionarioListItem[] | null,
): LookupResult {
  const text = entry.trim();
  if (!text) return { kind: 'empty' };
  const asId = text.toLowerCase();
  if (isId(asId)) {
    return { kind: 'found', id: asId, user: list?.find((u) => u._id === asId) ?? null };
  }
  if (!list) return { kind: 'unavailable' };

  const decide = (matches: ConcessionarioListItem[]): LookupResult | null => {
    if (matches.length === 0) return null;
    const [only] = matches;
    if (matches.length === 1 && only) return { kind: 'found', id: only._id, user: only };
    return { kind: 'several', entry: text, matches };
  };

  if (text.includes('@')) {
    const email = text.toLowerCase();
    return (
      decide(list.filter((u) => u.email.trim().toLowerCase() === email)) ?? {
        kind: 'none',
        entry: text,
      }
    );
  }
  const wanted = foldText(text);
  const names = list.map((u) => ({ user: u, name: foldText(u.name) }));
  const steps: ((name: string) => boolean)[] = [
    (name) => name === wanted,
    (name) => name.startsWith(wanted),
    (name) => name.includes(wanted),
  ];
  for (const test of steps) {
    const found = decide(names.filter((n) => test(n.name)).map((n) => n.user));
    if (found) return found;
  }
  return { kind: 'none', entry: text };
}

/** How a concessionário is named in every list and message: "Nome (e-mail)". */
export function assigneeLabel(person: { name: string; email: string }): string {
  return `${person.name} (${person.email})`;
}

/** The admin-facing words for a lookup that did not end in exactly one person. */
export function lookupMessage(result: LookupResult): string | null {
  switch (result.kind) {
    case 'found':
      return null;
    case 'empty':
      return 'Informe o nome, o e-mail ou o id do concessionário.';
    case 'unavailable':
      return 'A lista de concessionários não está disponível agora. Informe o id do concessionário (24 caracteres) ou tente de novo mais tarde.';
    case 'none':
      return `Nenhum concessionário encontrado para "${result.entry}". Confira o nome ou o e-mail.`;
    case 'several':
      return `Mais de um concessionário encontrado para "${result.entry}": ${result.matches
        .map(assigneeLabel)
        .join('; ')}. Informe o e-mail de quem deseja.`;
  }
}
