/**
 * Every payment is an invoice (decisions 300, 301): the ledger row is written here, in the
 * transaction that took the money's news, with the next number of the seller's series, the
 * seller as configured at that moment, and the tax the price includes at the rate of the
 * viewer's region. The `invoice.issued` event (lifecycle mail's receipt) is written with it.
 */
import { eq, sql } from 'drizzle-orm';
import { GST_REGION } from '@crease/contract';
import type { InvoiceConfig, Seller } from '../platform/invoice-config';
import { FALLBACK_TAX_REGION } from '../platform/invoice-config';
import { users } from '../accounts';
import { recordBillingEvent } from './billing-events';
import { payments } from './tables';
import type { Executor } from './subscription-machine';
import type { CardFacts } from './providers/payment-provider';

export type PaymentValues = Omit<
  typeof payments.$inferInsert,
  | 'invoiceNumber'
  | 'seller'
  | 'netCents'
  | 'taxCents'
  | 'taxRateBp'
  | 'taxRegion'
  | 'cardBrand'
  | 'cardLast4'
> & { id: string; userId: string; amountCents: number; paidAt: Date; currency: string };

/** The tax a gross price includes: net = gross ÷ (1 + rate), to the cent; tax is the rest. */
export function includedTax(grossCents: number, rateBp: number) {
  const netCents = Math.round((grossCents * 10_000) / (10_000 + rateBp));
  return { netCents, taxCents: grossCents - netCents };
}

/** The rate for a region: the table's, or the GLOBAL row's for a region it does not list. */
export function taxRateFor(config: InvoiceConfig, region: string): number {
  return config.taxRates[region] ?? config.taxRates[FALLBACK_TAX_REGION] ?? 0;
}

/** `CRS-000042`: six digits at least, so numbers sort and read well. */
export const formatInvoiceNumber = (prefix: string, n: number) =>
  `${prefix}-${String(n).padStart(6, '0')}`;

/**
 * The series' next number. The row lock is held to the end of the issuing transaction, so
 * numbers are given in commit order and a rolled-back payment gives its number back: no gaps.
 */
async function nextInvoiceNumber(tx: Executor, prefix: string): Promise<string> {
  const result = (await tx.execute(sql`
    INSERT INTO invoice_series (prefix, last_number) VALUES (${prefix}, 1)
    ON CONFLICT (prefix) DO UPDATE SET last_number = invoice_series.last_number + 1
    RETURNING last_number`)) as unknown as { rows: { last_number: number | string }[] };
  const n = Number(result.rows[0]?.last_number);
  if (!Number.isInteger(n)) throw new Error(`invoice series ${prefix} gave no number`);
  return formatInvoiceNumber(prefix, n);
}

export class InvoiceIssuer {
  constructor(readonly config: InvoiceConfig) {}

  /** The seller printed on invoices issued now. */
  get seller(): Seller {
    return this.config.seller;
  }

  /**
   * Writes the ledger row with its invoice and records `invoice.issued` (payload: the mail
   * contract of issue 22 §4, dedupe key the invoice number). In the caller's transaction.
   */
  async recordPayment(
    tx: Executor,
    values: PaymentValues,
    card: CardFacts | null,
  ): Promise<{ invoiceNumber: string }> {
    const [viewer] = await tx
      .select({ region: users.region })
      .from(users)
      .where(eq(users.id, values.userId));
    const region = viewer?.region ?? FALLBACK_TAX_REGION;
    const taxRateBp = taxRateFor(this.config, region);
    const { netCents, taxCents } = includedTax(values.amountCents, taxRateBp);
    const invoiceNumber = await nextInvoiceNumber(tx, this.config.prefix);
    // A GST invoice (region IN, decision 422) also carries the seller's GSTIN, frozen with it.
    const seller =
      region === GST_REGION
        ? { ...this.config.seller, gstin: this.config.gstin }
        : { ...this.config.seller };
    await tx.insert(payments).values({
      ...values,
      invoiceNumber,
      seller,
      netCents,
      taxCents,
      taxRateBp,
      taxRegion: region,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
    });
    await recordBillingEvent(tx, {
      userId: values.userId,
      type: 'invoice.issued',
      dedupeKey: invoiceNumber,
      payload: {
        invoiceNumber,
        issuedAt: values.paidAt.toISOString(),
        seller,
        planName: values.planName,
        currency: values.currency,
        netMinor: netCents,
        taxMinor: taxCents,
        grossMinor: values.amountCents,
        taxRatePercent: taxRateBp / 100,
        region,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
      },
      at: values.paidAt,
    });
    return { invoiceNumber };
  }
}
