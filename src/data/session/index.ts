/**
 * The session's door: who is logged in (the provider and its hook, logging in and out), how a
 * session ended, and the stored token a screen swaps after changing its own e-mail or sends
 * with a multipart form.
 */
export { type SessionEnd, SessionProvider, type SessionStatus, useSession } from './session';
export { readToken, replaceStoredToken } from './session-store';
