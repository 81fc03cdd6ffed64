import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w api` writes SQL migrations into drizzle/ from every feature's own
// tables.ts (decision 190): the platform's, then each feature's.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/platform/db/tables.ts',
    './src/accounts/tables.ts',
    './src/billing/tables.ts',
    './src/billing/ledger/tables.ts',
    './src/billing/passes/tables.ts',
    './src/billing/mandates/tables.ts',
    './src/billing/providers/sandbox/sandbox-tables.ts',
    './src/catalog/tables.ts',
    './src/streams/tables.ts',
    './src/ingest/tables.ts',
    './src/ops/tables.ts',
    './src/staff/tables.ts',
    './src/scoring/tables.ts',
  ],
  out: './drizzle',
});
