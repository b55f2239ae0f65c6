-- Tenant isolation backstop. The application runs tenant work as role dzy_app (SET LOCAL ROLE per
-- transaction); table owners and superusers bypass RLS, so the role switch is what makes policies bite.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dzy_app') THEN
    CREATE ROLE dzy_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
GRANT dzy_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO dzy_app;
--> statement-breakpoint
-- Applies grants and the org_id policy to every table that has an org_id column and lacks the policy.
-- Called after every migration run, so tables added by later migrations are covered automatically.
CREATE OR REPLACE FUNCTION dzy_apply_tenant_rls() RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  t record;
  n integer := 0;
BEGIN
  EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO dzy_app';
  EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO dzy_app';
  FOR t IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped
    WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (org_id = nullif(current_setting(''app.org_id'', true), '''')::integer) '
      'WITH CHECK (org_id = nullif(current_setting(''app.org_id'', true), '''')::integer)',
      t.relname);
    n := n + 1;
  END LOOP;
  RETURN n;
END
$fn$;
--> statement-breakpoint
-- orgs is keyed by id rather than org_id: a tenant may read its own org row only.
ALTER TABLE orgs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON orgs USING (id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
SELECT dzy_apply_tenant_rls();
