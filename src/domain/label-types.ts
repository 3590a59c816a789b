/** A QR label sheet as GET /api/mapa/etiquetas answers it (issue 8): server and admin screen. */

export interface LabelItem {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
}

export interface LabelSheet {
  items: LabelItem[];
  /** True when more records matched than the server's cap (LABELS_MAX). */
  truncated: boolean;
}
