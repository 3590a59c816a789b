/**
 * The one rule every text input passes before any handler (docs/decisions.md "Input"): C0 control
 * characters (U+0000–U+001F) never enter the system. PostgreSQL refuses NUL outright, and the
 * others have no place in a name, an e-mail or a query; a multi-line field keeps tab and line
 * breaks. The tribute text keeps its documented behaviour (control characters dropped by
 * cleanTributeText), so it is let through here. Shared by the server's input guard and the
 * browser's forms, so both refuse the same characters.
 */

/**
 * Fields whose value may span lines (tab, LF and CR allowed): the epitaph, and the free text of
 * work orders (a crew's comment, an order's description, a family's request).
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['epitafio', 'texto', 'descricao']);

/** Fields whose own rule removes control characters (docs/decisions.md: tributes). */
export const CLEANED_FIELDS: ReadonlySet<string> = new Set(['comentario']);

/** True when `value` holds a C0 control character (tab, LF and CR spared when `lines`). */
export function hasControl(value: string, lines: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 && !(lines && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
}

/** True when `value` holds a control character that `field` does not allow. */
export function hasForbiddenControl(field: string, value: string): boolean {
  if (CLEANED_FIELDS.has(field)) return false;
  return hasControl(value, MULTILINE_FIELDS.has(field));
}

/** Field names themselves never carry control characters. */
export function isCleanName(name: string): boolean {
  return !hasControl(name, false);
}

export function controlCharMessage(field: string): string {
  return `O campo "${field}" contém caracteres de controle não permitidos.`;
}
