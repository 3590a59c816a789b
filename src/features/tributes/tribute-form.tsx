/**
 * The tribute form (spec §2 "Burial detail", §4, §5): text (generic textarea, 4 rows, with the
 * domain's limit shown), emojis as removable chips, an optional photo with preview, and the
 * send button, disabled while sending. An unverified account is told up front and offered a
 * new link, since the server will refuse its tribute (403, field "emailVerified").
 */
import { type FormEvent, useId, useRef } from 'react';
import { cleanTributeText, TRIBUTE_LIMITS, tributeTextLength } from '../../domain/tribute-rules';
import type { TributeItem } from '../../domain/tribute-types';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { EmojiChooser } from './emoji-chooser';
import { PhotoButton, PhotoPreview } from './tribute-photo';
import { useTributeForm } from './use-tribute-form';

export function TributeForm({
  sepultadoId,
  userId,
  unverified,
  onPosted,
}: {
  sepultadoId: string;
  userId: string;
  unverified: boolean;
  onPosted: (item: TributeItem | null) => void;
}) {
  const form = useTributeForm(sepultadoId, userId, onPosted);
  const ids = useId();
  const textId = `${ids}-texto`;
  const counterId = `${ids}-contador`;
  const errorId = `${ids}-erro`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const length = tributeTextLength(cleanTributeText(form.texto));
  const over = length > TRIBUTE_LIMITS.textMax;
  const { problem } = form;
  const textError = problem?.field === 'comentario' ? problem.message : null;
  const verifyText =
    form.verifyMessage ?? (unverified && !form.accepted ? TRIBUTE_UI.verifyNotice : null);
  const atEmojiLimit = form.emojis.length >= TRIBUTE_LIMITS.emojisMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Back to the text only when the text is what needs fixing (not after a lost signal,
    // where raising the phone's keyboard would only hide the message).
    const outcome = await form.submit();
    if (outcome === 'empty') textarea.current?.focus();
  }

  return (
    <form className="tribute-form" onSubmit={submit} noValidate aria-busy={form.sending}>
      {verifyText && (
        <div className="tribute-verify" role="status">
          <p>{verifyText}</p>
          <button
            type="button"
            className="btn"
            disabled={form.resending}
            onClick={() => void form.resend()}
          >
            {TRIBUTE_UI.resendLink}
          </button>
        </div>
      )}
      <div className={`field${textError ? ' field-error' : ''}`}>
        <label htmlFor={textId}>{TRIBUTE_UI.textLabel}</label>
        <textarea
          id={textId}
          ref={textarea}
          name="comentario"
          rows={4}
          placeholder={TRIBUTE_UI.textPlaceholder}
          value={form.texto}
          onChange={(e) => form.setTexto(e.target.value)}
          aria-invalid={textError || over ? true : undefined}
          aria-describedby={textError ? `${counterId} ${errorId}` : counterId}
        />
        <small id={counterId} className={`tribute-counter${over ? ' over' : ''}`}>
          {length}/{TRIBUTE_LIMITS.textMax}
        </small>
        {textError && (
          <small id={errorId} className="field-message" role="alert">
            {textError}
          </small>
        )}
      </div>

      {form.emojis.length > 0 && (
        <ul className="tribute-chips" aria-label={TRIBUTE_UI.chosenEmojisLabel}>
          {form.emojis.map((emoji, i) => (
            // Position is the identity: the same emoji may be chosen more than once.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`${i}-${emoji}`}>
              <button
                type="button"
                className="tribute-chip"
                aria-label={TRIBUTE_UI.removeEmoji(emoji)}
                disabled={form.sending}
                onClick={() => form.removeEmoji(i)}
              >
                <span aria-hidden="true">{emoji}</span>
                <span aria-hidden="true" className="tribute-chip-x">
                  ×
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem?.field === 'emojis' && (
        <small className="field-message" role="alert">
          {problem.message}
        </small>
      )}
      {atEmojiLimit && (
        <small className="field-hint">{TRIBUTE_UI.emojiLimit(TRIBUTE_LIMITS.emojisMax)}</small>
      )}

      {form.photo && (
        <PhotoPreview
          photo={form.photo}
          disabled={form.sending}
          onRemove={() => form.setPhoto(null)}
        />
      )}
      {problem?.field === 'imagem' && (
        <small className="field-message" role="alert">
          {problem.message}
        </small>
      )}

      <div className="tribute-actions">
        <EmojiChooser onPick={form.addEmoji} disabled={form.sending || atEmojiLimit} />
        <PhotoButton
          hasPhoto={form.photo !== null}
          onFile={form.setPhoto}
          disabled={form.sending}
        />
        <button type="submit" className="btn btn-primary tribute-submit" disabled={form.sending}>
          {form.sending ? TRIBUTE_UI.sending : TRIBUTE_UI.submit}
        </button>
      </div>
    </form>
  );
}
