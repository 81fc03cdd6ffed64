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
} satisfies ErrorTable;

registerErrors(STAFF_ERRORS);

export { ApiError };
