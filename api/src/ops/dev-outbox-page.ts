/**
 * Outside production only (not even registered there): the outbox as a page a developer reads,
 * GET /api/v1/dev/outbox/view[?to=<email>]. Each message shows its subject, its HTML part in a
 * sandboxed iframe (no scripts, no same-origin access; the page's CSP allows inline styles and
 * nothing else) and its plain-text part, with its links. Without an address: the newest 20.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '@crease/contract';
import { outboxFor, recentOutbox } from '../accounts';
import type { Db } from '../platform/db/client';
import { errorResponses } from '../platform/http/error-schemas';

const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type OutboxRow = Awaited<ReturnType<typeof recentOutbox>>[number];

function messageSection(row: OutboxRow, index: number): string {
  const links = row.links
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('');
  return `<article aria-labelledby="m${index}">
  <h2 id="m${index}">${escapeHtml(row.subject)}</h2>
  <p class="meta">To ${escapeHtml(row.to)} · ${row.sentAt.toISOString()} · ${escapeHtml(row.transport)}</p>
  <div class="parts">
    <section><h3>HTML part</h3>
      <iframe sandbox="" title="HTML part of ${escapeHtml(row.subject)}" srcdoc="${escapeHtml(row.html)}"></iframe>
    </section>
    <section><h3>Text part</h3><pre>${escapeHtml(row.text)}</pre></section>
  </div>
  ${links ? `<h3>Links</h3><ul>${links}</ul>` : ''}
</article>`;
}

export function outboxPage(to: string | null, rows: OutboxRow[]): string {
  const heading = to ? `Mail to ${to}` : 'Newest mail';
  const body = rows.length
    ? rows.map(messageSection).join('\n')
    : '<p>No mail in the outbox for this address.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev outbox: ${escapeHtml(heading)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; padding: 16px 24px; max-width: 1200px; color: #1b2430; }
form { margin: 0 0 24px; display: flex; gap: 8px; align-items: center; }
input { font: inherit; padding: 4px 8px; min-width: 320px; }
article { border-top: 1px solid #dde3ea; padding: 16px 0; }
h2 { margin: 0; font-size: 18px; } h3 { font-size: 13px; text-transform: uppercase; color: #5a6675; margin: 8px 0; }
.meta { color: #5a6675; margin: 4px 0 8px; }
.parts { display: grid; grid-template-columns: 3fr 2fr; gap: 16px; }
iframe { width: 100%; height: 560px; border: 1px solid #dde3ea; border-radius: 6px; resize: vertical; }
pre { white-space: pre-wrap; background: #f3f5f7; padding: 12px; border-radius: 6px; margin: 0; max-height: 560px; overflow: auto; font-size: 13px; }
@media (max-width: 800px) { .parts { grid-template-columns: 1fr; } }
</style></head>
<body><h1>Dev outbox: ${escapeHtml(heading)}</h1>
<form method="get"><label for="to">Address</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"><button type="submit">Show</button></form>
${body}
</body></html>`;
}

export async function devOutboxPageRoutes(
  root: FastifyInstance,
  { db }: { db: Db },
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/v1/dev/outbox/view',
    {
      schema: {
        tags: ['development'],
        summary: 'The outbox as a page: each message rendered, HTML and text (not in production)',
        querystring: Type.Object(
          { to: Type.Optional(Type.String({ maxLength: 300 })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.String(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const to = request.query.to ? normalizeEmail(request.query.to) : null;
      const rows = to ? await outboxFor(db, to) : await recentOutbox(db);
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAGE_CSP)
        .type('text/html; charset=utf-8');
      return outboxPage(to, rows);
    },
  );
}
