-- Ledger guards that no code path can skip: the database itself refuses an unbalanced voucher and any write
-- into a settled period, also for raw SQL as the application role.

-- A live voucher must have at least two lines, each with exactly one of debit or credit, debit total equal to
-- credit total and not zero, and header totals equal to its lines. Deferred to commit, so a voucher and its
-- lines can be written in any order inside one transaction.
CREATE OR REPLACE FUNCTION dzy_check_voucher_balance() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  v_org integer;
  v_id integer;
  v record;
  n integer;
  d numeric;
  c numeric;
  bad integer;
BEGIN
  IF TG_TABLE_NAME = 'vouchers' THEN
    v_org := NEW.org_id; v_id := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    v_org := OLD.org_id; v_id := OLD.voucher_id;
  ELSE
    v_org := NEW.org_id; v_id := NEW.voucher_id;
  END IF;
  SELECT status, debit_total, credit_total INTO v FROM vouchers WHERE org_id = v_org AND id = v_id;
  IF NOT FOUND OR v.status <> 1 THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0),
         count(*) FILTER (WHERE (debit <> 0) = (credit <> 0) OR debit < 0 OR credit < 0)
    INTO n, d, c, bad
    FROM voucher_lines WHERE org_id = v_org AND voucher_id = v_id;
  IF n < 2 THEN
    RAISE EXCEPTION '凭证至少需要两条分录' USING ERRCODE = '23514';
  END IF;
  IF bad > 0 THEN
    RAISE EXCEPTION '每条分录只能填写借方或贷方金额之一' USING ERRCODE = '23514';
  END IF;
  IF d <> c OR d = 0 THEN
    RAISE EXCEPTION '凭证借贷不平衡' USING ERRCODE = '23514';
  END IF;
  IF v.debit_total <> d OR v.credit_total <> c THEN
    RAISE EXCEPTION '凭证合计与分录不一致' USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER voucher_lines_balanced AFTER INSERT OR UPDATE OR DELETE ON voucher_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dzy_check_voucher_balance();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vouchers_balanced AFTER INSERT OR UPDATE ON vouchers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dzy_check_voucher_balance();
--> statement-breakpoint
-- Settled periods (settle_status 4) are read-only. SQLSTATE DZ409 is mapped to HTTP 409 by the server.
CREATE OR REPLACE FUNCTION dzy_guard_settled_period() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (
    SELECT 1 FROM company_periods p
    WHERE p.org_id = OLD.org_id AND p.company_id = OLD.company_id AND p.period = OLD.period AND p.settle_status = 4
  ) THEN
    RAISE EXCEPTION '本期已结账，请先进行反结账' USING ERRCODE = 'DZ409';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND EXISTS (
    SELECT 1 FROM company_periods p
    WHERE p.org_id = NEW.org_id AND p.company_id = NEW.company_id AND p.period = NEW.period AND p.settle_status = 4
  ) THEN
    RAISE EXCEPTION '本期已结账，请先进行反结账' USING ERRCODE = 'DZ409';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER vouchers_settled_guard BEFORE INSERT OR UPDATE OR DELETE ON vouchers
  FOR EACH ROW EXECUTE FUNCTION dzy_guard_settled_period();
--> statement-breakpoint
CREATE TRIGGER voucher_lines_settled_guard BEFORE INSERT OR UPDATE OR DELETE ON voucher_lines
  FOR EACH ROW EXECUTE FUNCTION dzy_guard_settled_period();
--> statement-breakpoint
CREATE TRIGGER subject_balances_settled_guard BEFORE INSERT OR UPDATE OR DELETE ON subject_balances
  FOR EACH ROW EXECUTE FUNCTION dzy_guard_settled_period();
--> statement-breakpoint
CREATE TRIGGER opening_balances_settled_guard BEFORE INSERT OR UPDATE OR DELETE ON opening_balances
  FOR EACH ROW EXECUTE FUNCTION dzy_guard_settled_period();
