/**
 * Where the API lives, for the page and the service worker alike (docs/engineering.md#interfaces-others-rely-on: VITE_API_BASE,
 * default /api). Kept apart from api.ts so the service worker does not pull ky or localStorage.
 */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
