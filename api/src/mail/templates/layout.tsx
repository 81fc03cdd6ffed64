/**
 * The one layout every lifecycle mail shares (decision 290): a 560 px column on a light ground,
 * the Crease name on top, the message, and a footer that says why the mail came. Email clients
 * ignore stylesheets, so every style is inline, and the column is a table (Outlook).
 */
import type { CSSProperties, ReactNode } from 'react';
import type { LifecycleText } from './mail-template';

export const COLOURS = {
  ground: '#f3f5f7',
  card: '#ffffff',
  ink: '#1b2430',
  muted: '#5a6675',
  brand: '#0b6e4f',
  rule: '#dde3ea',
};

const font = 'Helvetica, Arial, sans-serif';

export function MailLayout({
  lang,
  preview,
  heading,
  footer,
  children,
}: {
  /** The language the mail is written in (`<html lang>`): screen readers and fonts follow it. */
  lang: string;
  /** The line a mail app shows next to the subject. */
  preview: string;
  heading: string;
  /** Why this mail came (transactional) or how to stop it (marketing). */
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta content="text/html; charset=UTF-8" httpEquiv="Content-Type" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: COLOURS.ground, fontFamily: font }}>
        <div
          data-skip-in-text="true"
          style={{ display: 'none', overflow: 'hidden', maxHeight: 0, opacity: 0 }}
        >
          {preview}
        </div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, background: COLOURS.card, borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{ padding: '20px 28px', borderBottom: `1px solid ${COLOURS.rule}` }}
                      >
                        <span style={{ color: COLOURS.brand, fontSize: 20, fontWeight: 700 }}>
                          Crease
                        </span>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px 28px', color: COLOURS.ink }}>
                        <h1 style={{ margin: '0 0 16px', fontSize: 22, lineHeight: '28px' }}>
                          {heading}
                        </h1>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 28px',
                          borderTop: `1px solid ${COLOURS.rule}`,
                          color: COLOURS.muted,
                          fontSize: 12,
                          lineHeight: '18px',
                        }}
                      >
                        {footer}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

const paragraph: CSSProperties = { margin: '0 0 14px', fontSize: 15, lineHeight: '22px' };

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={paragraph}>{children}</p>;
}

/** The one thing to do next, as a button (a link styled as one). */
export function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '20px 0' }}>
      <a
        href={href}
        style={{
          background: COLOURS.brand,
          color: '#ffffff',
          padding: '10px 18px',
          borderRadius: 6,
          textDecoration: 'none',
          fontWeight: 700,
          fontSize: 15,
          display: 'inline-block',
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** Label–value rows (a receipt's lines, a device's details). */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <table
      className="facts"
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: '0 0 16px', fontSize: 14, borderCollapse: 'collapse' }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td
              style={{
                padding: '6px 0',
                color: COLOURS.muted,
                borderBottom: `1px solid ${COLOURS.rule}`,
              }}
            >
              {label}
            </td>
            <td
              align="right"
              style={{ padding: '6px 0', borderBottom: `1px solid ${COLOURS.rule}` }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The footer of transactional mail: sent whatever the marketing choice (decision 291). */
export function AccountNotice({ text }: { text: LifecycleText }) {
  return <>{text.t('common.accountNotice')}</>;
}
