import { useRef, useState } from 'react';
import type { AdminCoupon, AdminPlan } from '@crease/contract';
import { TextField } from '@crease/ui';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import business from './business.module.css';
import { ReasonForm } from './reason-form';

/** A whole number ≥ 1 typed in a field, null for empty ("no limit"), or undefined when not one. */
export function limitOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : undefined;
}

/** A date-time field's value (the admin's local time) as an instant, null for empty. */
export function instantOf(local: string): string | null | undefined {
  if (local.trim() === '') return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** Admin: a new coupon (decision 458): code, percentage off, plans, limits and window. */
export function CouponForm({
  client,
  plans,
  onCreated,
  onCancel,
  onUnauthorized,
}: {
  client: StaffClient;
  plans: AdminPlan[];
  onCreated: (coupon: AdminCoupon) => void;
  onCancel: () => void;
  onUnauthorized: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [percentage, setPercentage] = useState('');
  const [limit, setLimit] = useState('');
  const [perAccount, setPerAccount] = useState('1');
  const [until, setUntil] = useState('');
  const [planIds, setPlanIds] = useState<string[]>([]);
  const created = useRef<AdminCoupon | null>(null);
  const sellable = plans.filter((plan) => !plan.trial);

  const check = () => {
    if (!/^[A-Za-z0-9_-]{3,32}$/.test(code.trim()))
      return 'The code is 3 to 32 letters, digits, - or _.';
    const off = Number(percentage);
    if (!Number.isInteger(off) || off < 1 || off > 99) return 'The discount is 1 to 99 per cent.';
    if (limitOf(limit) === undefined) return 'The redemption limit is a whole number, or empty.';
    if (limitOf(perAccount) === undefined)
      return 'The per-account limit is a whole number, or empty.';
    if (instantOf(until) === undefined) return 'The end is not a date and time.';
    return null;
  };

  return (
    <ReasonForm
      title="New coupon"
      summary="A percentage off the first payment. It can be limited, ended and changed later."
      confirmLabel="Create coupon"
      check={check}
      run={(reason) =>
        client
          .createCoupon({
            reason,
            code: code.trim(),
            percentage: Number(percentage),
            planIds,
            redemptionLimit: limitOf(limit) ?? null,
            perAccountLimit: limitOf(perAccount) ?? null,
            validUntil: instantOf(until) ?? null,
          })
          .then((coupon) => {
            created.current = coupon;
            return `${coupon.code} is on: ${coupon.percentage}% off.`;
          })
      }
      onDone={() => {
        if (created.current) onCreated(created.current);
      }}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    >
      <div className={business.formGrid}>
        <TextField
          label="Code"
          name="coupon-code"
          autoComplete="off"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hint="Viewers type it at checkout; stored in capitals."
        />
        <TextField
          label="Discount (%)"
          name="coupon-percentage"
          inputMode="numeric"
          value={percentage}
          onChange={(event) => setPercentage(event.target.value)}
          hint="1 to 99, off the first payment."
        />
        <TextField
          label="Redemption limit"
          name="coupon-limit"
          inputMode="numeric"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          hint="How many checkouts in all; empty: no limit."
        />
        <TextField
          label="Per account"
          name="coupon-per-account"
          inputMode="numeric"
          value={perAccount}
          onChange={(event) => setPerAccount(event.target.value)}
          hint="Paid checkouts one account may make with it; empty: no limit."
        />
        <TextField
          label="Ends"
          name="coupon-until"
          type="datetime-local"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          hint="Your local time; empty: no end."
        />
      </div>
      <fieldset className={business.planChoices}>
        <legend>Plans (none ticked: every plan on sale)</legend>
        {sellable.map((plan) => (
          <label key={plan.planId} className={business.choice}>
            <input
              type="checkbox"
              checked={planIds.includes(plan.planId)}
              onChange={(event) =>
                setPlanIds((ids) =>
                  event.target.checked
                    ? [...ids, plan.planId]
                    : ids.filter((id) => id !== plan.planId),
                )
              }
            />
            <span>{plan.planName}</span>
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>Starts now.</p>
    </ReasonForm>
  );
}
