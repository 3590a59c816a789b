/**
 * The outbox's transport over fetch (no ky: the service worker uses it too). Builds each
 * request from the stored item — JSON without files, multipart with them — and turns the answer
 * into a SendResult. The item id is both the Idempotency-Key header and, for tributes, the
 * clientId (it becomes the tribute's id), so a resend after a lost answer is a replay.
 */

import { MADE_AT_HEADER } from '../../domain/made-at';
import type { PhotoPayload } from '../../domain/order-outbox';
import type {
  EditOutboxItem,
  InspectionOutboxItem,
  OrderOutboxItem,
  OutboxItem,
  TributeOutboxItem,
} from '../../domain/outbox-item';
import { classifyAnswer, classifyFailure } from '../../domain/outcome';
import type { EditConflictAnswer } from '../../domain/sync-types';
import { API_BASE } from '../../lib/api-base';
import type { OutboxTransport, SendResult } from './outbox-drain';
import { tributeWireBody } from './tribute-wire';

const TIMEOUT_MS = 60_000;

function tributeRequest(item: TributeOutboxItem): {
  path: string;
  method: string;
  body: BodyInit;
  json: boolean;
} {
  const path = `sepultados/${encodeURIComponent(item.sepultadoId)}/comentarios`;
  const body = tributeWireBody({ ...item.payload, clientId: item.id });
  return body.kind === 'json'
    ? { path, method: 'POST', body: JSON.stringify(body.json), json: true }
    : { path, method: 'POST', body: body.body, json: false };
}

function editRequest(item: EditOutboxItem) {
  const { fields, removeImages, photos } = item.payload;
  const path = `sepultados/${encodeURIComponent(item.sepultadoId)}`;
  if (photos.length === 0) {
    const body: Record<string, unknown> = { ...fields };
    if (removeImages.length > 0) body.removeImages = removeImages;
    return { path, method: 'PATCH', body: JSON.stringify(body), json: true };
  }
  // Multipart carries text: an emptied field is "" (the server reads it as a clear).
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    form.append(field, value === null || value === undefined ? '' : String(value));
  }
  for (const name of removeImages) form.append('removeImages', name);
  for (const photo of photos) form.append('images', photo.blob, photo.name);
  return { path, method: 'PATCH', body: form, json: false };
}

/** Field work on an order: the call made when it was queued (domain orderCall). */
export function orderRequest(item: OrderOutboxItem) {
  const { path, method, fields, file } = item.call;
  if (!file) return { path, method, body: JSON.stringify(fields) as BodyInit, json: true };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  // The file last: the server reads the text fields before the bytes arrive.
  form.append('photo', (item.payload as PhotoPayload).blob, file);
  return { path, method, body: form as BodyInit, json: false };
}

/** An inspection of a comisso case: always multipart, the photos after the text fields. */
export function inspectionRequest(item: InspectionOutboxItem) {
  const { path, method, fields, fileField } = item.call;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const foto of item.payload.fotos) form.append(fileField, foto.blob, foto.name);
  return { path, method, body: form as BodyInit, json: false };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return {};
  }
}

/** The answer through the one classification (src/domain/outcome.ts); 409 with both sides is a conflict. */
export async function interpret(
  item: OutboxItem,
  response: Response,
  now: number = Date.now(),
): Promise<SendResult> {
  const outcome = classifyAnswer(
    {
      status: response.status,
      body: await readJson(response),
      retryAfter: response.headers.get('retry-after'),
    },
    now,
  );
  if (outcome.kind === 'ok') {
    // An edit answers {message, sepultado}; a tribute answers the tribute itself.
    return {
      type: 'ok',
      result: item.kind === 'edit' ? (outcome.body.sepultado ?? null) : outcome.body,
    };
  }
  if (
    outcome.kind === 'refused' &&
    outcome.status === 409 &&
    item.kind === 'edit' &&
    outcome.body.current
  ) {
    return { type: 'conflict', answer: outcome.body as unknown as EditConflictAnswer };
  }
  return { type: 'failed', outcome };
}

export function httpTransport(base: string = API_BASE): OutboxTransport {
  return {
    async send(item, token) {
      const req =
        item.kind === 'tribute'
          ? tributeRequest(item)
          : item.kind === 'edit'
            ? editRequest(item)
            : item.kind === 'comisso-inspection'
              ? inspectionRequest(item)
              : orderRequest(item);
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        'idempotency-key': item.id,
        // When the person made it, for the audit trail (it may be sent hours later).
        [MADE_AT_HEADER]: new Date(item.createdAt).toISOString(),
      };
      if (req.json) headers['content-type'] = 'application/json';
      if (item.kind === 'edit') headers['if-match'] = `"${item.payload.version}"`;
      let response: Response;
      try {
        response = await fetch(`${base}/${req.path}`, {
          method: req.method,
          headers,
          body: req.body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        return { type: 'failed', outcome: classifyFailure(error) };
      }
      return interpret(item, response);
    },
  };
}
