-- Renumbering (delete, sort) rewrites voucher_no on many vouchers; re-checking their balance at commit is
-- wasted work. The header check now runs on insert and on updates that change status or totals.
DROP TRIGGER IF EXISTS vouchers_balanced ON vouchers;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vouchers_balanced_ins AFTER INSERT ON vouchers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dzy_check_voucher_balance();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vouchers_balanced_upd AFTER UPDATE ON vouchers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.debit_total IS DISTINCT FROM NEW.debit_total OR OLD.credit_total IS DISTINCT FROM NEW.credit_total)
  EXECUTE FUNCTION dzy_check_voucher_balance();
