/** The receipt of one charge (billing event invoice.issued). Transactional. */
import { CARD_BRAND_LABELS, taxLineText } from '@crease/contract';
import type { InvoiceIssuedPayload } from '../../billing';
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import { formatDate, formatMoney } from './mail-template';
import type { MailTemplate } from './mail-template';

export const receipt: MailTemplate<InvoiceIssuedPayload> = {
  marketing: false,
  subject: (p) => `Your Crease receipt ${p.invoiceNumber}`,
  body: (p, links) => {
    const money = (minor: number) => formatMoney(minor, p.currency);
    // "Visa ending 4242": the brand as people write it, whatever case the provider sent.
    const brand = CARD_BRAND_LABELS[p.cardBrand?.toLowerCase() ?? 'unknown'] ?? 'Card';
    const card = p.cardLast4 ? `${brand} ending ${p.cardLast4}` : 'Card';
    return (
      <MailLayout
        preview={`${p.planName}: ${money(p.grossMinor)} paid on ${formatDate(p.issuedAt)}.`}
        heading="Thank you for your payment"
        footer={<AccountNotice />}
      >
        <Paragraph>Here is the receipt for {p.planName}. Keep it for your records.</Paragraph>
        <Facts
          rows={[
            ['Invoice number', p.invoiceNumber],
            ['Date', formatDate(p.issuedAt)],
            ['Plan', p.planName],
            ['Paid with', card],
            ['Net', money(p.netMinor)],
            [taxLineText(p.taxRatePercent, p.region), money(p.taxMinor)],
            ['Total paid', money(p.grossMinor)],
          ]}
        />
        <Paragraph>
          Sold by {p.seller.name}, {p.seller.address}. Tax number {p.seller.taxId}.
        </Paragraph>
        <ActionLink href={links.paymentHistory}>See your payment history</ActionLink>
      </MailLayout>
    );
  },
};
