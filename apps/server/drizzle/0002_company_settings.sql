ALTER TABLE "companies" ADD COLUMN "qysds" char(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "jzsy" char(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "codes" varchar(20) DEFAULT '4-2-2-2' NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_org_tax_no_idx" ON "companies" USING btree ("org_id","tax_no");--> statement-breakpoint
CREATE INDEX "companies_main_com_idx" ON "companies" USING btree ("org_id","main_com_id");