/** @jest-environment node */
/**
 * The legal duties of issue 34 are written where a reader finds them: the Privacy Policy names a
 * grievance contact with response times (India's DPDP Rules 2025, the E-Commerce Rules 2020), and
 * the accessibility statement says what conforms, what does not yet, and how to report a problem
 * (European Accessibility Act).
 */
import type { PolicyDocument } from './policy-document';
import { POLICIES } from './index';

const textOf = (doc: PolicyDocument, sectionId: string): string => {
  const section = doc.sections.find((s) => s.id === sectionId);
  expect(section).toBeDefined();
  return (section?.blocks ?? [])
    .flatMap((block) => (block.kind === 'paragraph' ? [block.text] : block.items))
    .join(' ');
};

describe('The Privacy Policy names a grievance contact', () => {
  const privacy = POLICIES['privacy-policy'];
  const grievance = textOf(privacy, 'grievance-officer');

  it('gives the Grievance Officer by name and role address', () => {
    expect(grievance).toMatch(/[A-Z][a-z]+ [A-Z][a-z]+, Grievance Officer/);
    expect(grievance).toMatch(/\bgrievance@crease\.example\b/);
  });

  it('states the response times: acknowledged in 48 hours, resolved within 30 days', () => {
    expect(grievance).toMatch(/acknowledge every grievance within 48 hours/);
    expect(grievance).toMatch(/resolve a grievance within 30 days/);
  });

  it('says a breach is notified to the authority within 72 hours and to the people affected', () => {
    expect(grievance).toMatch(/within 72 hours/);
    expect(grievance).toMatch(/breach that affects you, we tell you/);
  });
});

describe('The Privacy Policy says how to download your data (decision 437)', () => {
  it('names "Download my data" on the Account page under access and portability', () => {
    const rights = textOf(POLICIES['privacy-policy'], 'your-rights');
    expect(rights).toMatch(/"Download my data" on your Account page/);
    expect(rights).toMatch(/machine-readable format\. The download from your Account page/);
  });
});

describe('The Privacy Policy says how to change your email (issue 36 §6, decision 423)', () => {
  it('names the Email section of the Account page, the link to the new address and the notice to the old', () => {
    const rights = textOf(POLICIES['privacy-policy'], 'your-rights');
    expect(rights).toMatch(
      /change the email address of your account in the Email section of your Account page/,
    );
    expect(rights).toMatch(/confirmation link to the new address/);
    expect(rights).toMatch(/tell the old address that the email was changed/);
    expect(rights).not.toMatch(/cannot be changed/);
  });
});

describe('The accessibility statement', () => {
  const statement = POLICIES['accessibility-statement'];

  it('names the standard it is measured against', () => {
    expect(textOf(statement, 'standard')).toMatch(/WCAG\) 2\.2 at level AA/);
  });

  it('says what conforms and what does not conform yet', () => {
    expect(textOf(statement, 'what-conforms').length).toBeGreaterThan(0);
    expect(textOf(statement, 'what-does-not-conform-yet')).toMatch(/not yet/);
  });

  it('says how to report a problem, to whom, and how soon we answer', () => {
    const report = textOf(statement, 'report-a-problem');
    expect(report).toMatch(/\baccessibility@crease\.example\b/);
    expect(report).toMatch(/within \d+ working days/);
  });
});

describe('The Cookie Policy says what each consent choice allows (issue 34 §5)', () => {
  const choices = textOf(POLICIES['cookie-policy'], 'your-choices');

  it.each(['Accept', 'Reject all', 'Settings'])('describes %s', (choice) => {
    expect(choices).toMatch(new RegExp(`${choice}: `));
  });

  it('names the consent cookie among the strictly necessary ones', () => {
    expect(textOf(POLICIES['cookie-policy'], 'strictly-necessary')).toMatch(/crease_consent/);
  });
});
