ALTER TABLE "plans" ADD COLUMN "renews" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- data migration (hand-written)
-- The seeded subscriptions renew until cancelled (issue 22 §1); passes and the trial do not.
UPDATE "plans" SET "renews" = true WHERE "id" IN ('monthly', 'annual');
