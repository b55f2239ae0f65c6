CREATE TABLE "ticket_statuses" (
	"org_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"period" char(6) NOT NULL,
	"status" smallint NOT NULL,
	"items" text[] DEFAULT '{}' NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_statuses_org_id_company_id_period_pk" PRIMARY KEY("org_id","company_id","period")
);
