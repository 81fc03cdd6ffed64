/** Staff's error codes (@crease/contract STAFF_ERROR_CODES); sign-in reuses the accounts' ones. */
import { ApiError, registerErrors, plainEntry } from '../platform/errors';
import type { ErrorTable } from '../platform/errors';

export const STAFF_ERRORS = {
  STAFF_FORBIDDEN: plainEntry(403, 'Your staff role may not do this.'),
  STAFF_EMAIL_TAKEN: plainEntry(409, 'A staff account with this email exists already.'),
  STAFF_NOT_FOUND: plainEntry(404, 'There is no staff account with this id.'),
  VIEWER_NOT_FOUND: plainEntry(404, 'There is no viewer with this email or id.'),
  RECEIPT_NOT_ISSUED: plainEntry(
    409,
    'This payment has no receipt yet: its invoice was not issued.',
  ),
  VIEWER_ALREADY_DELETED: plainEntry(409, "This viewer's account is deleted already."),
  BUSINESS_PLAN_NOT_FOUND: plainEntry(404, 'There is no plan with this id.'),
  TRIAL_HAS_NO_PRICE: plainEntry(409, 'The free trial has no price to set.'),
  BUSINESS_COUPON_NOT_FOUND: plainEntry(404, 'There is no coupon with this code.'),
  COUPON_CODE_TAKEN: plainEntry(409, 'A coupon with this code exists already.'),
  COUPON_LIMIT_BELOW_TAKEN: plainEntry(
    409,
    'The limit cannot be below the redemptions already taken.',
  ),
  COUPON_ALREADY_ENDED: plainEntry(409, 'This coupon has ended already.'),
  COUPON_DATES_INVALID: plainEntry(
    422,
    'The coupon must end after it starts, and in the future (to end it now, use End).',
  ),
  COUPON_PLANS_UNKNOWN: plainEntry(422, 'Some of these plans do not exist or cannot be sold.'),
} satisfies ErrorTable;

registerErrors(STAFF_ERRORS);

export { ApiError };
