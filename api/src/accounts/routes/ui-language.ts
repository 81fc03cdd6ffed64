/**
 * The signed-in viewer's site language (issue 34 §4, decision 470): the shell reads it after
 * sign-in (the account's choice wins over the device's) and writes it when the viewer picks a
 * language in the footer while signed in.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS, UI_LANGUAGES } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';
import { eq } from 'drizzle-orm';
import { authenticate } from '../authenticate';
import { accountPreferences } from '../tables';
import { errorResponses } from '../../platform/http/error-schemas';

export type UiLanguageRouteServices = Pick<
  FastifyInstance['services'],
  'database' | 'accessTokens' | 'clock'
>;

/** Exactly UI_LANGUAGES: a language the site has no catalogues for is refused. */
const Language = Type.Unsafe<UiLanguage>({ type: 'string', enum: [...UI_LANGUAGES] });

const UiLanguageState = Type.Object({
  /** null: the account has no choice saved (the device's or the browser's language applies). */
  uiLanguage: Type.Union([Language, Type.Null()]),
});

const UiLanguageRequest = Type.Object({ uiLanguage: Language }, { additionalProperties: false });

export async function uiLanguageRoutes(
  root: FastifyInstance,
  services: UiLanguageRouteServices,
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services.database;

  app.get(
    `/${ACCOUNT_PATHS.uiLanguage}`,
    {
      schema: {
        tags: ['accounts'],
        summary: "The signed-in viewer's site language",
        security: [{ bearer: [] }],
        response: { 200: UiLanguageState, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const [row] = await db
        .select({ uiLanguage: accountPreferences.uiLanguage })
        .from(accountPreferences)
        .where(eq(accountPreferences.userId, user.id));
      reply.header('cache-control', 'no-store');
      const saved = UI_LANGUAGES.find((code) => code === row?.uiLanguage);
      return { uiLanguage: saved ?? null };
    },
  );

  app.put(
    `/${ACCOUNT_PATHS.uiLanguage}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['accounts'],
        summary: "Save the signed-in viewer's site language",
        description: `One of ${UI_LANGUAGES.join(', ')}; any other answers 400 VALIDATION_FAILED and changes nothing.`,
        security: [{ bearer: [], xsrf: [] }],
        body: UiLanguageRequest,
        response: { 200: UiLanguageState, ...errorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      const { uiLanguage } = request.body;
      const updatedAt = services.clock.now();
      await db
        .insert(accountPreferences)
        .values({ userId: user.id, uiLanguage, updatedAt })
        .onConflictDoUpdate({ target: accountPreferences.userId, set: { uiLanguage, updatedAt } });
      return { uiLanguage };
    },
  );
}
