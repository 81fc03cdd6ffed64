/** "Download my data" error codes (@crease/contract DATA_EXPORT_ERROR_CODES, decision 437). */
import { registerErrors, plainEntry } from '../../platform/errors';
import type { ErrorTable } from '../../platform/errors';

export const DATA_EXPORT_ERRORS = {
  DATA_EXPORT_EMAIL_UNVERIFIED: plainEntry(
    409,
    'Please confirm your email address first: we send your data only to an address you have proved is yours. Open the link in the confirmation mail, or ask for a new one on this page.',
  ),
  DATA_EXPORT_TOO_SOON: plainEntry(
    429,
    'You asked for your data less than 24 hours ago, and the link we mailed then still works. You can ask again once a day.',
  ),
  DATA_EXPORT_LINK_INVALID: plainEntry(
    410,
    'This download link no longer works: each link works once, for 24 hours. Ask for a new one on your account page.',
  ),
} satisfies ErrorTable;

registerErrors(DATA_EXPORT_ERRORS);
