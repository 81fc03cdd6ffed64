/** @jest-environment node */
/**
 * The policies say what the product does (issue 22 §2): the plan facts are read from the real API
 * (its public storefront: the plans on sale, whether each renews and how long it lasts, and the
 * trial's terms) and compared with what the Terms of Service, the Refund Policy and the Privacy
 * Policy say. A later change to a plan, its renewal or the trial fails here until the words agree.
 */
import { BILLING_PATHS } from '@crease/contract';
import type { Plan, Storefront } from '@crease/contract';
import { ApiHost } from 'api/testing/test-api';
import type { RunningApi } from 'api/testing/test-api';
import type { PolicyDocument } from './policy-document';
import { POLICIES } from './index';

let host: ApiHost;
let api: RunningApi;
let facts: Storefront;

beforeAll(async () => {
  host = await ApiHost.launch(null);
  // The plans and trial `npm start` sells, with the trial limits production uses by default.
  api = await host.start({ CREASE_SEED: 'true' });
  const res = await api.client().get<Storefront>(`/${BILLING_PATHS.storefront}`);
  expect(res.status).toBe(200);
  facts = res.body;
}, 120_000);
afterAll(async () => {
  await host?.close();
});

/** Every sentence-bearing string of a document, in order. */
const textsOf = (doc: PolicyDocument): string[] => [
  doc.summary,
  ...doc.sections.flatMap((section) =>
    section.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : block.items)),
  ),
];
const ALL = [POLICIES['terms-of-service'], POLICIES['refund-policy'], POLICIES['privacy-policy']];
const allTexts = () => ALL.flatMap(textsOf);
const names = (plans: Plan[]) => plans.map((plan) => plan.planName).sort();

describe('The policies agree with the plans the API sells', () => {
  it('lists every plan on sale in the Terms as a pass or a subscription, with its length', () => {
    const listed = textsOf(POLICIES['terms-of-service']).flatMap((text) => {
      const pass = /^(.+?) — a pass: (\d+) days? of access, paid once; it never renews\.$/.exec(
        text,
      );
      const sub = /^(.+?) — a subscription: renews every (\d+) days? until you cancel\.$/.exec(
        text,
      );
      const match = pass ?? sub;
      return match ? [{ name: match[1], renews: match === sub, days: Number(match[2]) }] : [];
    });
    expect(listed.map((l) => l.name).sort()).toEqual(names(facts.plans));
    for (const plan of facts.plans)
      expect(listed.find((l) => l.name === plan.planName)).toEqual({
        name: plan.planName,
        renews: plan.renews,
        days: plan.duration,
      });
  });

  it('names the passes and the subscriptions in the Refund Policy as the API sorts them', () => {
    const texts = textsOf(POLICIES['refund-policy']);
    const namedAfter = (lead: string) => {
      const text = texts.find((t) => t.startsWith(`${lead} (`)) ?? '';
      return (/^[^(]+\(([^)]+)\)/.exec(text)?.[1] ?? '').split(', ').sort();
    };
    expect(namedAfter('A pass')).toEqual(names(facts.plans.filter((p) => !p.renews)));
    expect(namedAfter('A subscription')).toEqual(names(facts.plans.filter((p) => p.renews)));
  });

  it('states the trial’s days and minutes as the API sets them, wherever it states them', () => {
    const trial = facts.trial;
    expect(trial).not.toBeNull();
    const stated = allTexts().flatMap((text) => {
      const match =
        /lasts (\d+) days and includes up to (\d+) minutes of watching in total, at most (\d+) minutes a day/.exec(
          text,
        );
      return match ? [match.slice(1).map(Number)] : [];
    });
    // Both the Terms and the Refund Policy explain the trial.
    expect(stated.length).toBeGreaterThanOrEqual(2);
    for (const numbers of stated)
      expect(numbers).toEqual([trial?.days, trial?.overallMinutes, trial?.dailyMinutes]);
  });

  it('never says a trial charges, asks for a card, or turns into a paid plan', () => {
    // The trial is free and ends by itself (GET storefront's trial; POST trial takes no card).
    const contradictions = allTexts().filter((text) =>
      text
        .split(/(?<=\.)\s+/)
        .some(
          (sentence) =>
            /trial/i.test(sentence) &&
            /(you will be charged|starts automatically|payment method when|cancel before the trial)/i.test(
              sentence,
            ),
        ),
    );
    expect(contradictions).toEqual([]);
  });

  it('speaks of renewals only as the plans that renew do', () => {
    const renewing = facts.plans.filter((plan) => plan.renews);
    const privacy = textsOf(POLICIES['privacy-policy']).join(' ');
    // A saved card and renewal charges are described exactly when some plan renews.
    expect(/card on file so that renewals can be charged/.test(privacy)).toBe(renewing.length > 0);
    // No document says that every plan renews: passes never do.
    const everyPlanRenews = allTexts().filter((text) =>
      /(all|every) (plans?|subscriptions?) renews? automatically|subscriptions renew automatically/i.test(
        text,
      ),
    );
    expect(everyPlanRenews).toEqual([]);
  });
});
