/** Every feature's development seeder, in the order they run (a plan needs its viewer). */
import { demoViewerSeeder } from './accounts/seed';
import { demoViewerPlanSeeder } from './billing/demo-viewer-plan-seed';
import { billingCatalogSeeder } from './billing/seed';
import { passProductsSeeder } from './billing/passes/pass-products';
import { catalogDemoSeeder } from './catalog/seed';
import type { Seeder } from './platform/db/seed';

export const SEEDERS: readonly Seeder[] = [
  demoViewerSeeder,
  catalogDemoSeeder,
  billingCatalogSeeder,
  passProductsSeeder,
  demoViewerPlanSeeder,
];
