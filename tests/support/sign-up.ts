/** A visitor signs up as the booking does: a code to the address first, then the account once the code is confirmed. */
import type { FastifyInstance } from 'fastify';
import { mailTo } from './sessions';

let signUps = 0;

export interface SignUpDetails {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  address?: Record<string, unknown>;
  partnershipCode?: string;
}

/** POST /auth/send-email-otp, the mailed code, then verify-email-otp with newAccount: the answer (200 and an AuthSession when created). */
export async function signUp(
  app: FastifyInstance,
  { email, ...newAccount }: SignUpDetails,
  remoteAddress = `10.250.${Math.floor((signUps += 1) / 250)}.${(signUps % 250) + 1}`,
) {
  const sent = await app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress, payload: { email } });
  if (sent.statusCode !== 200) return sent;
  const mail = (await mailTo(app, email)).find((m) => m.template === 'sign-in-code');
  const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!otp) throw new Error(`no code mailed to ${email}`);
  return app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress, payload: { email, otp, newAccount } });
}
