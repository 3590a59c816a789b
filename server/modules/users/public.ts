/**
 * What other modules may use of the user accounts (the one door between modules, checked by
 * .dependency-cruiser.cjs): creating an account (the admin bootstrap and the demo seed), the e-mail
 * layout, and the login attempts' bound per address (the login form the server renders).
 */

export { admitLoginForm } from './login-throttle';
export { type MailLayout, renderMail } from './mail-templates';
export { insertUser } from './users';
export { removeAccount } from './users-admin';
