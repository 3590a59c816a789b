/**
 * The detail page's photos (spec §2): a swipeable strip (CSS scroll-snap, so touch swipes
 * feel native), dot buttons, previous/next buttons and arrow keys; a photo opens the
 * full-size overlay. No photo: the placeholder, which does not expand.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import { PLACEHOLDERS } from '../../domain/burial-display';
import { DETAIL_PHOTO_SIZES } from '../../domain/photo-srcset';
import { BurialImage, imageUrl } from '../../ui/burial-image';
import { ImageOverlay } from './image-overlay';

interface Props {
  images: string[];
  nome: string;
}

export function PhotoCarousel({ images, nome }: Props) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  // The slide a button click is scrolling to: the smooth scroll passes over the slides in
  // between, which must not light their dots on the way.
  const targetRef = useRef<number | null>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className="burial-carousel">
        <BurialImage
          className="burial-carousel-photo"
          file={null}
          placeholder={PLACEHOLDERS.sepultura}
          alt={`Sem foto de ${nome}`}
          width={640}
          height={480}
          loading="eager"
        />
      </div>
    );
  }

  function goTo(i: number) {
    const target = Math.max(0, Math.min(count - 1, i));
    setIndex(target);
    targetRef.current = target;
    const track = trackRef.current;
    track?.scrollTo({ left: target * track.clientWidth, behavior: 'smooth' });
  }

  function onScroll() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const at = Math.round(track.scrollLeft / track.clientWidth);
    if (targetRef.current !== null) {
      const arrived = Math.abs(track.scrollLeft - targetRef.current * track.clientWidth) < 2;
      if (arrived) targetRef.current = null;
      return;
    }
    setIndex(at);
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(count - 1, index + step));
    goTo(target);
    // Focus follows the photo shown, so Enter opens the one on screen.
    trackRef.current
      ?.querySelectorAll<HTMLButtonElement>('.burial-carousel-open')
      [target]?.focus({ preventScroll: true });
  }

  const label = (i: number) => `Foto ${i + 1} de ${count} de ${nome}`;
  const openFile = open === null ? undefined : images[open];
  return (
    <section
      className="burial-carousel"
      aria-roledescription="carrossel"
      aria-label={`Fotos de ${nome}`}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the photos the strip holds */}
      <div
        className="burial-carousel-track"
        ref={trackRef}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onPointerDown={() => {
          // A finger takes over from a button's scroll.
          targetRef.current = null;
        }}
      >
        {images.map((file, i) => (
          <div className="burial-carousel-slide" key={file}>
            <button
              type="button"
              className="burial-carousel-open"
              aria-label={`Ampliar a foto ${i + 1} de ${count}`}
              onClick={() => setOpen(i)}
            >
              <BurialImage
                className="burial-carousel-photo"
                file={file}
                placeholder={PLACEHOLDERS.sepultura}
                alt={label(i)}
                width={800}
                height={600}
                sizes={DETAIL_PHOTO_SIZES}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
            </button>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="burial-carousel-controls">
          <button
            type="button"
            className="burial-carousel-step"
            aria-label="Foto anterior"
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="burial-carousel-dots">
            {images.map((file, i) => (
              <button
                key={file}
                type="button"
                className={`burial-carousel-dot${i === index ? ' active' : ''}`}
                aria-label={`Ir para a foto ${i + 1} de ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="burial-carousel-step"
            aria-label="Próxima foto"
            disabled={index === count - 1}
            onClick={() => goTo(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
      {openFile !== undefined && open !== null && (
        <ImageOverlay
          src={imageUrl(openFile, PLACEHOLDERS.sepultura)}
          alt={label(open)}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
