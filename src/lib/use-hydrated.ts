/**
 * False while React hydrates a page the server rendered (and in the server's render), true
 * otherwise: a control that needs the app to work (a button disabled until a term is typed) is
 * left usable in the server's HTML, for a browser without JavaScript, and takes its app state
 * right after hydration; a page the browser renders alone has it at once.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
