/**
 * State and sending of the tribute form. The typed text is also kept in localStorage per person
 * and record, so neither a lost signal nor a phone that reloads the tab while the camera is open
 * loses it; it is cleared once the tribute is accepted. A client-made id goes with each send
 * and stays the same while the draft is unchanged, so a retry after a lost answer cannot create
 * a second tribute (the server replays the first).
 */
import { useCallback, useRef, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import { submit as submitCommand } from '../../data/outbox';
import {
  buildTributeBody,
  checkTributePhoto,
  hasTributeContent,
  postTribute,
  resendVerification,
} from '../../data/tributes';
import { newId } from '../../domain/ids';
import { OUTBOX_MSG } from '../../domain/outbox-item';
import { failureMessage, OUTCOME_MSG } from '../../domain/outcome';
import {
  cleanTributeText,
  isEmoji,
  TRIBUTE_LIMITS,
  TRIBUTE_MSG,
  type TributeProblem,
} from '../../domain/tribute-rules';
import type { TributeItem } from '../../domain/tribute-types';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { useFlash } from '../../ui/flash';

const FIELDS: readonly string[] = ['comentario', 'emojis', 'imagem'];
/** Spec §8 "Tribute post failure". */
const TRIBUTE_CALL = { fallback: TRIBUTE_MSG.postFailed, 429: TRIBUTE_MSG.tooMany };

/** 'queued': kept in the outbox, on its way (no signal, or the session must be renewed). */
type SubmitOutcome = 'sent' | 'queued' | 'empty' | 'refused' | 'failed';

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function readDraft(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text.trim() === '') storage()?.removeItem(key);
    else storage()?.setItem(key, text);
  } catch {
    // Storage full or disabled: the text still lives in the form.
  }
}

export function useTributeForm(
  sepultadoId: string,
  userId: string,
  onPosted: (item: TributeItem | null) => void,
) {
  const flash = useFlash();
  const draftKey = `memorial:rascunho:${userId}:${sepultadoId}`;
  const [texto, setTextoState] = useState(() => readDraft(draftKey));
  const [emojis, setEmojis] = useState<string[]>([]);
  const [photo, setPhotoState] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<TributeProblem | null>(null);
  const [verifyMessage, setVerifyMessage] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  /** A tribute went through: the account is verified, whatever the session said earlier. */
  const [accepted, setAccepted] = useState(false);
  const clientId = useRef<string | null>(null);

  const setTexto = useCallback(
    (value: string) => {
      clientId.current = null;
      setTextoState(value);
      writeDraft(draftKey, value);
      setProblem((p) => (p?.field === 'comentario' ? null : p));
    },
    [draftKey],
  );

  const addEmoji = useCallback(
    (emoji: string) => {
      if (!isEmoji(emoji)) return;
      if (emojis.length >= TRIBUTE_LIMITS.emojisMax) {
        flash.error(TRIBUTE_MSG.tooManyEmojis);
        return;
      }
      clientId.current = null;
      setEmojis([...emojis, emoji]);
      setProblem((p) => (p?.field === 'emojis' ? null : p));
    },
    [emojis, flash],
  );

  const removeEmoji = useCallback((index: number) => {
    clientId.current = null;
    setEmojis((list) => list.filter((_, i) => i !== index));
  }, []);

  const setPhoto = useCallback(
    (file: File | null) => {
      const rejected = file ? checkTributePhoto(file) : null;
      if (rejected) {
        setProblem({ field: 'imagem', message: rejected });
        flash.error(rejected);
        return;
      }
      clientId.current = null;
      setPhotoState(file);
      setProblem((p) => (p?.field === 'imagem' || p?.field === 'comentario' ? null : p));
    },
    [flash],
  );

  /** "empty": nothing to send; "refused": a rule or the server said no; "failed": no answer. */
  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    if (sending) return 'failed';
    if (!hasTributeContent(texto, photo)) {
      // Spec §5: nothing is sent; say what is missing instead of doing nothing.
      setProblem({ field: 'comentario', message: TRIBUTE_MSG.empty });
      return 'empty';
    }
    clientId.current ??= newId();
    const built = buildTributeBody({ texto, emojis, photo, clientId: clientId.current });
    if (!built.ok) {
      setProblem(built.problem);
      flash.error(built.problem.message);
      return 'refused';
    }
    setSending(true);
    const reset = () => {
      clientId.current = null;
      setTextoState('');
      writeDraft(draftKey, '');
      setEmojis([]);
      setPhotoState(null);
      setProblem(null);
      setVerifyMessage(null);
    };
    const refused = (failure: ApiFailure): SubmitOutcome => {
      flash.error(failure.message);
      if (failure.field === 'emailVerified') setVerifyMessage(failure.message);
      else if (failure.field && FIELDS.includes(failure.field)) {
        setProblem({ field: failure.field as TributeProblem['field'], message: failure.message });
      }
      return 'refused';
    };
    try {
      // Outbox first: the same id makes every resend a replay.
      const result = await submitCommand({
        kind: 'tribute',
        id: clientId.current,
        sepultadoId,
        userId,
        payload: {
          comentario: cleanTributeText(texto),
          emojis: [...emojis],
          photo,
          photoName: photo instanceof File && photo.name ? photo.name : null,
        },
      });
      if (result.status === 'not-stored' || result.status === 'sent') {
        // Not stored (device full, private mode): sent straight away instead.
        const item =
          result.status === 'sent'
            ? (result.result as TributeItem | undefined)
            : await postTribute(sepultadoId, built.body);
        flash.success(TRIBUTE_MSG.posted);
        reset();
        setAccepted(true);
        onPosted(item?._id ? item : null);
        return 'sent';
      }
      if (result.status === 'refused') {
        // Refused while the person is looking at the form: the form is where to fix it.
        return refused(
          new ApiFailure(result.httpStatus, result.message ?? TRIBUTE_MSG.postFailed, result.field),
        );
      }
      // Kept in the outbox and shown on the list with its state; the words say what happened
      // (docs/decisions.md, "Outcomes"): only a lack of answer is "guardada no aparelho", in neutral style.
      reset();
      if (result.status === 'session-ended') {
        flash.error(result.accountGone ? OUTCOME_MSG.accountGoneShort : OUTCOME_MSG.sessionExpired);
      } else if (result.status === 'server-error') flash.error(TRIBUTE_MSG.postFailed);
      else if (result.status === 'rate-limited') {
        flash.error(result.reason ?? TRIBUTE_MSG.tooMany);
      } else if (result.status === 'busy') flash.neutral(result.reason ?? OUTCOME_MSG.busy);
      else flash.neutral(OUTBOX_MSG.tributeQueued);
      return 'queued';
    } catch (err) {
      const failure = err instanceof ApiFailure ? err : new ApiFailure(0, TRIBUTE_MSG.postFailed);
      if (failure.offline) {
        flash.error(TRIBUTE_UI.offlinePost);
        return 'failed';
      }
      // Sent straight (the device could not store it): the same classification and texts.
      return refused(
        new ApiFailure(
          failure.status,
          failureMessage(failure.outcome, TRIBUTE_CALL),
          failure.field,
          failure.outcome,
        ),
      );
    } finally {
      setSending(false);
    }
  }, [sending, texto, photo, emojis, sepultadoId, userId, draftKey, flash, onPosted]);

  const resend = useCallback(async () => {
    setResending(true);
    try {
      const answer = await resendVerification();
      flash.success(answer.message);
    } catch (err) {
      const failure = err instanceof ApiFailure ? err : null;
      flash.error(failure && !failure.offline ? failure.message : TRIBUTE_UI.resendFailed);
    } finally {
      setResending(false);
    }
  }, [flash]);

  return {
    texto,
    setTexto,
    emojis,
    addEmoji,
    removeEmoji,
    photo,
    setPhoto,
    sending,
    problem,
    submit,
    verifyMessage,
    accepted,
    resend,
    resending,
  };
}
