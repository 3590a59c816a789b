/** GET /api/images/:kind/:file: the stored photos' path. */
import { Type } from 'typebox';

// No length or pattern here: a bad name must answer 404 like a missing file, not 400 (the
// route checks both against strict patterns before any path is built).
export const ImageParamsSchema = Type.Object({ kind: Type.String(), file: Type.String() });
