/**
 * The receipt of one charge (billing event invoice.issued). Transactional. A GST invoice (the
 * seller carries a GSTIN, decision 422) also names the seller's GSTIN and the place of supply.
 */
import { CARD_BRAND_LABELS } from '@crease/contract';
import type { InvoiceIssuedPayload } from '../../billing';
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import type { LifecycleText, MailTemplate } from './mail-template';

/** What the charge was paid with: "Visa ending 4242", "UPI", or "Card" when we know no more. */
function paidWith(p: InvoiceIssuedPayload, text: LifecycleText): string {
  const brand = p.cardBrand?.toLowerCase() ?? 'unknown';
  if (brand === 'upi') return text.t('receipt.upi');
  // The brand as people write it, whatever case the provider sent.
  const label = CARD_BRAND_LABELS[brand];
  if (!p.cardLast4) return text.t('receipt.cardUnknown');
  return text.t('receipt.card', {
    brand: label && brand !== 'unknown' ? label : text.t('receipt.cardUnknown'),
    last4: p.cardLast4,
  });
}

/** "Tax 18% (India)", or "(standard rate)" for GLOBAL (the contract's taxLineText, translated). */
function taxLine(p: InvoiceIssuedPayload, text: LifecycleText): string {
  const region = p.region;
  const place =
    !region || region === 'GLOBAL' ? text.t('receipt.taxStandardRate') : text.region(region);
  return text.t('receipt.tax', { rate: text.number(Number(p.taxRatePercent.toFixed(2))), place });
}

export const receipt: MailTemplate<InvoiceIssuedPayload> = {
  marketing: false,
  subject: (p, text) => text.t('receipt.subject', { invoiceNumber: p.invoiceNumber }),
  body: (p, links, text) => {
    const money = (minor: number) => text.money(minor, p.currency);
    const gstin = p.seller.gstin;
    return (
      <MailLayout
        lang={text.language}
        preview={text.t('receipt.preview', {
          planName: p.planName,
          amount: money(p.grossMinor),
          date: text.date(p.issuedAt),
        })}
        heading={text.t('receipt.heading')}
        footer={<AccountNotice text={text} />}
      >
        <Paragraph>{text.t('receipt.intro', { planName: p.planName })}</Paragraph>
        <Facts
          rows={[
            [text.t('receipt.invoiceNumber'), p.invoiceNumber],
            [text.t('receipt.date'), text.date(p.issuedAt)],
            // A GST invoice names where the service is supplied: the viewer's country (422).
            ...(gstin
              ? [
                  [text.t('receipt.placeOfSupply'), `${text.region(p.region)} (${p.region})`] as [
                    string,
                    string,
                  ],
                ]
              : []),
            [text.t('receipt.plan'), p.planName],
            [text.t('receipt.paidWith'), paidWith(p, text)],
            [text.t('receipt.net'), money(p.netMinor)],
            [taxLine(p, text), money(p.taxMinor)],
            [text.t('receipt.total'), money(p.grossMinor)],
            ...(gstin ? [[text.t('receipt.gstin'), gstin] as [string, string]] : []),
          ]}
        />
        <Paragraph>
          {text.t('receipt.seller', {
            name: p.seller.name,
            address: p.seller.address,
            taxId: p.seller.taxId,
          })}
        </Paragraph>
        <ActionLink href={links.paymentHistory}>{text.t('receipt.action')}</ActionLink>
      </MailLayout>
    );
  },
};
