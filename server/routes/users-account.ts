/**
 * /api/users: e-mail verification, resend, forgot and reset password (issue 4). Thin: schema,
 * then the service in services/account-flows.ts, which holds the rules and the decisions.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  forgotPassword,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '../services/account-flows';
import { checker } from '../validate';
import { ForgotBody, MessageAnswer, ResendBody, ResetBody, VerifyQuery } from './user-schemas';

const answers = { 200: MessageAnswer };
const checkResend = checker(ResendBody);

export const userAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/verify-email',
    { schema: { querystring: VerifyQuery, response: answers } },
    async (request) => verifyEmail(app.ctx, request.query, request.ip),
  );

  // With a session: resends to the person's own pending address, no body needed. Without:
  // {email}, and the answer is the same whether or not that address has an account.
  app.post(
    '/users/resend-verification',
    { preHandler: app.identify, schema: { response: answers } },
    async (request) => {
      const body = checkResend(request.body ?? {});
      return resendVerification(app.ctx, request.user, body.email, request.ip);
    },
  );

  app.post(
    '/users/forgot-password',
    { schema: { body: ForgotBody, response: answers } },
    async (request) => forgotPassword(app.ctx, request.body.email, request.ip),
  );

  app.post(
    '/users/reset-password',
    { schema: { body: ResetBody, response: answers } },
    async (request) => resetPassword(app.ctx, request.body, request.ip),
  );
};
