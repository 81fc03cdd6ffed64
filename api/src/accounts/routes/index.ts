import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { botCheckRoutes } from './bot-check';
import { oauth2Routes } from './oauth2';

/** Every accounts route: the OAuth2 token endpoint, sign-up and sign-in, the bot check. */
export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(oauth2Routes);
  await app.register(authRoutes);
  await app.register(botCheckRoutes);
}
