/** A QR label sheet as GET /api/mapa/etiquetas answers it. Types only, from schemas/label.ts. */
import type { Static } from 'typebox';
import type { LabelItemSchema, LabelSheetSchema } from './schemas/label';

export type LabelItem = Static<typeof LabelItemSchema>;

export type LabelSheet = Static<typeof LabelSheetSchema>;
