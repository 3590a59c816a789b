/**
 * State and sending of the tribute form. The typed text is also kept in localStorage per person
 * and record, so neither a lost signal nor a phone that reloads the tab while the camera is open
 * loses it; it is cleared once the tribute is accepted. A client-made id goes with each send
 * and stays the same while the draft is unchanged, so a retry after a lost answer cannot create
 * a second tribute (the server replays the first).
 */
import { useCallback, useRef, useState } from 'react';
import { useFlash } from '../../app/flash';
import { ApiFailure } from '../../data/api';
import { db } from '../../data/db';
import { discardItem, enqueueTribute } from '../../data/outbox/outbox-queue';
import { requestDrainSoon, waitForOutcomeSoon } from '../../data/outbox/outbox-runner-lazy';
import { OUTBOX_MSG, type OutboxItem } from '../../data/outbox/outbox-types';
import { newId } from '../../domain/ids';
import { failureMessage, OUTCOME_MSG } from '../../domain/outcome';
import {
  cleanTributeText,
  isEmoji,
  TRIBUTE_LIMITS,
  TRIBUTE_MSG,
  type TributeProblem,
} from '../../domain/tribute-rules';
import type { TributeItem } from '../../domain/tribute-types';
import { postTribute, resendVerification } from './api/tribute-calls';
import { buildTributeBody, checkTributePhoto, hasTributeContent } from './tribute-payload';
import { TRIBUTE_UI } from './tribute-texts';

const FIELDS: readonly string[] = ['comentario', 'emojis', 'imagem'];
/** Spec §8 "Tribute post failure". */
const TRIBUTE_CALL = { fallback: TRIBUTE_MSG.postFailed, 429: TRIBUTE_MSG.tooMany };

/** 'queued': kept in the outbox, on its way (no signal, or the session must be renewed). */
export type SubmitOutcome = 'sent' | 'queued' | 'empty' | 'refused' | 'failed';

/** How long the form waits for the server before saying the tribute will go later. */
const ONLINE_WAIT_MS = 15_000;

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
      // Outbox first (issue 7): the tribute is on the device before anything is sent, so a
      // lost signal or a closed tab loses nothing; the same id makes every resend a replay.
      const id = clientId.current;
      let queued: OutboxItem | undefined;
      try {
        queued = await enqueueTribute(
          db,
          { id, sepultadoId, userId },
          {
            comentario: cleanTributeText(texto),
            emojis: [...emojis],
            photo,
            photoName: photo instanceof File && photo.name ? photo.name : null,
          },
        );
      } catch {
        // The device refused to store it (full, private mode): send it straight away instead.
        const item = await postTribute(sepultadoId, built.body);
        flash.success(TRIBUTE_MSG.posted);
        reset();
        setAccepted(true);
        onPosted(item?._id ? item : null);
        return 'sent';
      }
      requestDrainSoon();
      const outcome = await waitForOutcomeSoon(queued, ONLINE_WAIT_MS);
      if (!outcome || outcome.state === 'sent') {
        flash.success(TRIBUTE_MSG.posted);
        reset();
        setAccepted(true);
        const item = outcome?.result as TributeItem | undefined;
        onPosted(item?._id ? item : null);
        return 'sent';
      }
      const problem = outcome.problem;
      const kind = problem?.kind;
      if (outcome.state === 'attention' && (kind === 'refused' || kind === 'conflict')) {
        // Refused while the person is looking at the form: the form is where to fix it.
        await discardItem(db, outcome.id);
        return refused(
          new ApiFailure(
            problem?.kind === 'refused' ? problem.status : 400,
            outcome.reason ?? TRIBUTE_MSG.postFailed,
            problem?.kind === 'refused' ? problem.field : undefined,
          ),
        );
      }
      // Kept in the outbox and shown on the list with its state; the words say what happened
      // (README, "Outcomes"): only a lack of answer is "guardada no aparelho", in neutral style.
      reset();
      if (outcome.state === 'attention') {
        flash.error(
          kind === 'account-gone' ? OUTCOME_MSG.accountGoneShort : OUTCOME_MSG.sessionExpired,
        );
      } else if (outcome.waitingFor === 'server-error') flash.error(TRIBUTE_MSG.postFailed);
      else if (outcome.waitingFor === 'rate-limited') {
        flash.error(outcome.reason ?? TRIBUTE_MSG.tooMany);
      } else flash.neutral(OUTBOX_MSG.tributeQueued);
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
