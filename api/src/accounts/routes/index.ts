import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { botCheckRoutes } from './bot-check';
import { emailRoutes } from './email';
import { emailChangeRoutes } from './email-change';
import { oauth2Routes } from './oauth2';
import { uiLanguageRoutes } from './ui-language';

/** Every accounts route: the OAuth2 token endpoint, sign-up and sign-in, the bot check. */
export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  // Each routes plugin gets what it uses, not the whole of app.services.
  const { config, attempts, hasher, botCheck, sessions, database, clock } = app.services;
  const { background, mailer, accessTokens } = app.services;
  await app.register(oauth2Routes, {
    config,
    attempts,
    hasher,
    botCheck,
    sessions,
    database,
    clock,
    background,
    mailer,
  });
  await app.register(authRoutes, {
    config,
    attempts,
    hasher,
    botCheck,
    sessions,
    database,
    background,
    mailer,
    accessTokens,
    clock,
  });
  await app.register(emailRoutes, {
    config,
    botCheck,
    database,
    background,
    mailer,
    sessions,
    attempts,
    accessTokens,
    clock,
  });
  await app.register(emailChangeRoutes, {
    config,
    botCheck,
    database,
    background,
    mailer,
    sessions,
    attempts,
    accessTokens,
    clock,
    hasher,
  });
  await app.register(botCheckRoutes, { attempts, botCheck, config });
  await app.register(uiLanguageRoutes, { database, accessTokens, clock });
}
