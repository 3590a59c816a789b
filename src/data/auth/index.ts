/**
 * The account door for screens before a session: registration, the forgotten-password and
 * reset calls, e-mail verification. Logging in and out is the session's door (src/data/session).
 */
export { postRegister } from './auth-calls';
export { postForgotPassword, postResetPassword } from './password-reset';
export { getVerifyEmail, postResendVerification } from './verify-email';
