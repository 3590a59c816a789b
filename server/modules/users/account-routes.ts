/**
 * /api/users: e-mail verification, resend, forgot and reset password. Thin: schema,
 * then the service in modules/users/account-flows.ts, which holds the rules and the decisions.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageSchema } from '../../../src/domain/schemas/common';
import {
  ForgotBodySchema,
  ResendBodySchema,
  ResetBodySchema,
  VerifyQuerySchema,
} from '../../../src/domain/schemas/user';
import { checker } from '../../lib/validate';
import { forgotPassword, resendVerification, resetPassword, verifyEmail } from './account-flows';

const answers = { 200: MessageSchema };
const checkResend = checker(ResendBodySchema);

export const userAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/verify-email',
    { schema: { querystring: VerifyQuerySchema, response: answers } },
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
    { schema: { body: ForgotBodySchema, response: answers } },
    async (request) => forgotPassword(app.ctx, request.body.email, request.ip),
  );

  app.post(
    '/users/reset-password',
    { schema: { body: ResetBodySchema, response: answers } },
    async (request) => resetPassword(app.ctx, request.body, request.ip),
  );
};
