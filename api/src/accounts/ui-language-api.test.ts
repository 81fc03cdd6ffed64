/** @jest-environment node */
/**
 * Issue 34 §4 (decision 470): the account's site language, over real HTTP on PGlite and
 * PostgreSQL. None until the viewer picks one; a pick is kept and follows the account; anything
 * but a site language is refused as data and changes nothing; only the viewer reads theirs.
 */
import { ACCOUNT_PATHS } from '@crease/contract';
import { newViewer } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { apiForSuite, describeEachDatabase } from '../testing/test-api';

const PATH = `/${ACCOUNT_PATHS.uiLanguage}`;

const read = (viewer: Viewer) => viewer.client.get(PATH, { bearer: viewer.bearer });
const save = (viewer: Viewer, body: unknown) =>
  viewer.client.request('PUT', PATH, JSON.stringify(body), 'application/json', {
    bearer: viewer.bearer,
  });

describeEachDatabase("the account's site language", (host) => {
  const suite = apiForSuite(host);

  it('is none at first, then the one the viewer saved, on every later read', async () => {
    const viewer = await newViewer(suite.api, 'lang-save');
    expect((await read(viewer)).body).toEqual({ uiLanguage: null });

    const saved = await save(viewer, { uiLanguage: 'hi' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ uiLanguage: 'hi' });
    expect((await read(viewer)).body).toEqual({ uiLanguage: 'hi' });

    expect((await save(viewer, { uiLanguage: 'en' })).status).toBe(200);
    expect((await read(viewer)).body).toEqual({ uiLanguage: 'en' });
  });

  it('refuses a language the site does not speak, or garbage, and keeps the saved one', async () => {
    const viewer = await newViewer(suite.api, 'lang-bad');
    await save(viewer, { uiLanguage: 'hi' });
    for (const body of [{ uiLanguage: 'fr' }, { uiLanguage: 'hi-IN' }, { uiLanguage: 7 }, {}]) {
      const refused = await save(viewer, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await read(viewer)).body).toEqual({ uiLanguage: 'hi' });
  });

  it("is the signed-in viewer's own: another account does not see it, a visitor gets 401", async () => {
    const one = await newViewer(suite.api, 'lang-one');
    const other = await newViewer(suite.api, 'lang-other');
    await save(one, { uiLanguage: 'hi' });
    expect((await read(other)).body).toEqual({ uiLanguage: null });
    expect((await one.client.get(PATH)).status).toBe(401);
  });
});
