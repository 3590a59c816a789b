/** The cemetery plan of GET/PUT /api/mapa/plano: the answer and what PUT takes. */
import { Type } from 'typebox';

export const PlanSchema = Type.Object({
  /** Display file name, served at /api/images/plano/<image>. */
  image: Type.String(),
  bounds: Type.Object({
    south: Type.Number(),
    west: Type.Number(),
    north: Type.Number(),
    east: Type.Number(),
  }),
  updatedAt: Type.String(),
});

/**
 * PUT /api/mapa/plano: the corners, as numbers (JSON) or text (multipart, with the `imagem`
 * part), a decimal comma allowed; each is optional (the stored one stays).
 */
const Corner = Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 40 })]));
export const PlanBodySchema = Type.Object(
  { south: Corner, west: Corner, north: Corner, east: Corner },
  { additionalProperties: false },
);
