/**
 * Values the server's render cannot know (docs/decisions/0172-server-rendered-public-pages.md):
 * the server renders a neutral value, the browser's hydration renders the same, and right after
 * it React renders again with the browser's own (useSyncExternalStore's server snapshot), so
 * there is no mismatch. A page the browser renders from scratch has the browser's value at once.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False on the server and while hydrating; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** The page's origin (https://host) for links a person copies or scans; '' on the server. */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}
