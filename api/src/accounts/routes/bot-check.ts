import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCOUNT_PATHS } from '@crease/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { siteHostOf } from '../../platform/http/site-host';
import { BOT_CHECK_ACTIONS } from '../bot-check';
import { requiredLevel } from '../bot-check-risk';
import { errorResponses } from '../../platform/http/error-schemas';

export async function botCheckRoutes(
  root: FastifyInstance,
  {
    attempts,
    botCheck,
    config,
  }: Pick<FastifyInstance['services'], 'attempts' | 'botCheck' | 'config'>,
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `/${ACCOUNT_PATHS.botCheckChallenge}`,
    {
      schema: {
        tags: ['bot check'],
        summary: 'An ALTCHA proof-of-work challenge, bound to one action',
        description:
          'Solve it (find number with sha256(salt+number) = challenge) and send base64(JSON{algorithm,challenge,number,salt,signature}) in X-Bot-Check. Each solution is accepted once, for its action and the site host it was fetched from (the Origin) only, within 10 minutes. Sign-in challenges get harder (maxnumber ×4, then ×10) as failed sign-ins from the calling network, or site-wide, grow; a sign-in needs a challenge at least as hard as its network needs then. Register, reset and sign-in-code challenges get harder the same way with their volume from the calling network (decision 409). 404 when the bot check is not ALTCHA.',
        querystring: Type.Object(
          { action: Type.Union(BOT_CHECK_ACTIONS.map((a) => Type.Literal(a))) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            algorithm: Type.String(),
            challenge: Type.String(),
            maxnumber: Type.Integer(),
            salt: Type.String(),
            signature: Type.String(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (!botCheck.challenge)
        throw new ApiError('NOT_FOUND', `The bot check is ${botCheck.provider}, not ALTCHA.`);
      reply.header('cache-control', 'no-store');
      const { action } = request.query;
      const level = await requiredLevel(attempts, config, action, request.ip);
      return botCheck.challenge(action, siteHostOf(request, config), level);
    },
  );
}
