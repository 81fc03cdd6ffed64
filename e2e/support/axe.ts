import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** WCAG 2.1 A and AA: what every spec's axe check runs. */
export const WCAG21_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG 2.2 AA on top (its target-size rule): the audit spec's check (decision 424). */
export const WCAG22_TAGS = [...WCAG21_TAGS, 'wcag22aa'];

/**
 * Runs axe-core (from node_modules) on what the page shows now and
 * returns the serious and critical violations of the rules with `tags` (WCAG 2.1 A and AA).
 */
export async function seriousAxeViolations(
  page: Page,
  tags: readonly string[] = WCAG21_TAGS,
): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not a <script>: the site's CSP (nonces, no inline
  // scripts) stays in force for the page under test.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (values) => {
    const axe = (
      window as unknown as {
        axe: { run(options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, tags);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
