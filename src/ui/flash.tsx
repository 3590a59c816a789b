/**
 * Flash messages that show for 3 s (spec §2, §9): success only once the server has the write,
 * error for every failure, and neutral for the one case that is neither — a write kept on the
 * device because there was no answer ("guardada no aparelho"; docs/decisions.md, "Outcomes").
 * The flash area is the app's one polite live region (live-region.tsx): a success or neutral
 * flash is said by it, not by a region of its own; an error is an alert, said at once.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LiveRegion } from './live-region';

const FLASH_MS = 3000;

type FlashKind = 'success' | 'error' | 'neutral';
interface Flash {
  id: number;
  kind: FlashKind;
  text: string;
}

interface FlashApi {
  show(kind: FlashKind, text: string): void;
  success(text: string): void;
  error(text: string): void;
  neutral(text: string): void;
}

const FlashContext = createContext<FlashApi | null>(null);
const FlashListContext = createContext<Flash[]>([]);

export function FlashProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Flash[]>([]);
  const nextId = useRef(1);
  const show = useCallback((kind: FlashKind, text: string) => {
    const id = nextId.current++;
    setItems((list) => [...list.filter((f) => f.text !== text), { id, kind, text }]);
    setTimeout(() => setItems((list) => list.filter((f) => f.id !== id)), FLASH_MS);
  }, []);
  const api = useMemo<FlashApi>(
    () => ({
      show,
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      neutral: (text) => show('neutral', text),
    }),
    [show],
  );
  return (
    <FlashContext.Provider value={api}>
      <FlashListContext.Provider value={items}>{children}</FlashListContext.Provider>
    </FlashContext.Provider>
  );
}

export function useFlash(): FlashApi {
  const api = useContext(FlashContext);
  if (!api) throw new Error('useFlash outside FlashProvider');
  return api;
}

export function FlashMessages() {
  const items = useContext(FlashListContext);
  return (
    <LiveRegion className="flash-area">
      {items.map((f) => (
        <div
          key={f.id}
          className={`flash flash-${f.kind}`}
          role={f.kind === 'error' ? 'alert' : undefined}
        >
          {f.text}
        </div>
      ))}
    </LiveRegion>
  );
}
