/**
 * Where the visit pack is offered: the pages of someone looking for a grave (home, search
 * results, a record — the QR landing). Never over a form or a desk screen (creating a record,
 * users, labels, the dashboard, login), where it only covered fields and had nothing to offer.
 */
import { isId } from '../../domain/ids';

export function packOfferedOn(pathname: string): boolean {
  if (pathname === '/' || pathname === '/sepultados/pesquisa') return true;
  const match = /^\/sepultados\/([^/]+)$/.exec(pathname);
  return match !== null && isId(match[1]);
}
