-- Audit trail (issue 5 item 5): operation_logs is append-only and hash-chained per org.
-- hash = sha256_hex(prev_hash || canonical row); the canonical row is the fields below joined by chr(31), with
-- created_at as UTC text to the microsecond. apps/server/src/modules/audit/audit-verify.ts rebuilds the same text.
-- Existing rows (installs older than this migration) are chained in id order first.
DO $$
DECLARE
  r record;
  cur_org integer := NULL;
  prev text;
  seq bigint;
  h text;
BEGIN
  FOR r IN SELECT * FROM operation_logs ORDER BY org_id, id LOOP
    IF cur_org IS DISTINCT FROM r.org_id THEN
      IF cur_org IS NOT NULL THEN
        INSERT INTO audit_chain_heads (org_id, last_id, last_hash, row_count) VALUES (cur_org, 0, prev, seq)
        ON CONFLICT (org_id) DO UPDATE SET last_hash = EXCLUDED.last_hash, row_count = EXCLUDED.row_count;
      END IF;
      cur_org := r.org_id;
      prev := repeat('0', 64);
      seq := 0;
    END IF;
    seq := seq + 1;
    h := encode(sha256(convert_to(prev || concat_ws(chr(31), r.org_id, r.id, seq, coalesce(r.user_id::text, ''), r.cn_name,
      coalesce(r.company_id::text, ''), r.company_name, r.period, r.method, r.target, r.content, r.before, r.after,
      to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex');
    UPDATE operation_logs SET chain_seq = seq, prev_hash = prev, hash = h WHERE org_id = r.org_id AND id = r.id;
    prev := h;
  END LOOP;
  IF cur_org IS NOT NULL THEN
    INSERT INTO audit_chain_heads (org_id, last_id, last_hash, row_count) VALUES (cur_org, 0, prev, seq)
    ON CONFLICT (org_id) DO UPDATE SET last_hash = EXCLUDED.last_hash, row_count = EXCLUDED.row_count;
  END IF;
  UPDATE audit_chain_heads hd SET last_id = (SELECT max(id) FROM operation_logs o WHERE o.org_id = hd.org_id AND o.chain_seq = hd.row_count);
END
$$;
--> statement-breakpoint
-- Chains each new row. SECURITY DEFINER: the application role may not write chain heads itself; names are
-- schema-qualified instead of a SET search_path clause, which would cost a GUC switch on every insert.
-- The tenant check mirrors the RLS policy: RLS's WITH CHECK runs only after BEFORE triggers, and this trigger must
-- not touch another org's chain head first.
CREATE OR REPLACE FUNCTION dzy_audit_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER AS $fn$
DECLARE
  tenant text := current_setting('app.org_id', true);
  prev text;
  cnt bigint;
BEGIN
  IF tenant IS NOT NULL AND tenant <> '' AND tenant::integer <> NEW.org_id THEN
    RAISE EXCEPTION 'new row violates row-level security policy for table "operation_logs"' USING ERRCODE = '42501';
  END IF;
  SELECT last_hash, row_count INTO prev, cnt FROM public.audit_chain_heads WHERE org_id = NEW.org_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO public.audit_chain_heads (org_id, last_id, last_hash, row_count) VALUES (NEW.org_id, 0, repeat('0', 64), 0)
    ON CONFLICT (org_id) DO NOTHING;
    SELECT last_hash, row_count INTO prev, cnt FROM public.audit_chain_heads WHERE org_id = NEW.org_id FOR UPDATE;
  END IF;
  NEW.chain_seq := cnt + 1;
  NEW.prev_hash := prev;
  NEW.hash := encode(sha256(convert_to(prev || concat_ws(chr(31), NEW.org_id, NEW.id, NEW.chain_seq, coalesce(NEW.user_id::text, ''),
    NEW.cn_name, coalesce(NEW.company_id::text, ''), NEW.company_name, NEW.period, NEW.method, NEW.target, NEW.content,
    NEW.before, NEW.after, to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex');
  UPDATE public.audit_chain_heads SET last_id = NEW.id, last_hash = NEW.hash, row_count = NEW.chain_seq WHERE org_id = NEW.org_id;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER operation_logs_chain BEFORE INSERT ON operation_logs FOR EACH ROW EXECUTE FUNCTION dzy_audit_chain();
--> statement-breakpoint
-- Refuses every UPDATE, DELETE and TRUNCATE, also for the owner (an accidental statement fails rather than
-- silently breaking the chain). Deliberate repairs need ALTER TABLE … DISABLE TRIGGER, which only the owner can do.
CREATE OR REPLACE FUNCTION dzy_audit_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION '操作日志只能追加，不能修改或删除' USING ERRCODE = 'DZ403';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER operation_logs_append_only BEFORE UPDATE OR DELETE ON operation_logs FOR EACH ROW EXECUTE FUNCTION dzy_audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER operation_logs_no_truncate BEFORE TRUNCATE ON operation_logs FOR EACH STATEMENT EXECUTE FUNCTION dzy_audit_refuse_change();
--> statement-breakpoint
-- dzy_apply_tenant_rls() (0001) grants every privilege on every table after each migration run; this version
-- additionally takes UPDATE, DELETE and TRUNCATE on the audit tables back from the application role (INSERT stays
-- on audit_chain_heads so the RLS policy, not a missing grant, is what refuses another org's head), and every
-- write on the platform-wide system_notices.
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
  IF to_regclass('public.operation_logs') IS NOT NULL THEN
    EXECUTE 'REVOKE UPDATE, DELETE, TRUNCATE ON operation_logs FROM dzy_app';
  END IF;
  IF to_regclass('public.audit_chain_heads') IS NOT NULL THEN
    EXECUTE 'REVOKE UPDATE, DELETE, TRUNCATE ON audit_chain_heads FROM dzy_app';
  END IF;
  -- Platform notices have no org_id: every tenant reads them, only the platform route (as the owner) writes them.
  IF to_regclass('public.system_notices') IS NOT NULL THEN
    EXECUTE 'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON system_notices FROM dzy_app';
  END IF;
  RETURN n;
END
$fn$;
--> statement-breakpoint
SELECT dzy_apply_tenant_rls();
