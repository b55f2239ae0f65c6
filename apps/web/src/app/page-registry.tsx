/**
 * Which React page renders each catalogue route (ROUTE_CATALOGUE in '@dzy/domain/routes/index').
 *
 * HOW TO ADD A PAGE: build it in src/features/<feature>/pages/<name>-page.tsx with a default export, then add
 * ONE line here keyed by the route NAME (not the path):
 *     'user-user': lazy(() => import('../features/users/pages/users-page')),
 * The router, menu, tab bar and document title pick it up from the catalogue; no other wiring is needed.
 * A route without an entry shows the 建设中 page naming its title and path, so nothing is ever blank.
 * Keep the entries sorted by route group, as in the catalogue.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PageComponent = LazyExoticComponent<ComponentType>;

export const PAGE_REGISTRY: Readonly<Record<string, PageComponent>> = {
  // / (standalone)
  homeIndex: lazy(() => import('../features/home/pages/home-index-page')),
  redirects: lazy(() => import('../features/shell/pages/redirects-page')),
  // /financial-acco
  bookkeeping: lazy(() => import('../features/companies/pages/bookkeeping-page')),
  'batch-settle': lazy(() => import('../features/settle/pages/batch-settle-page')),
  // /fianceAccount
  addCustomer: lazy(() => import('../features/account-sets/pages/add-customer-page')),
  kjInit: lazy(() => import('../features/account-sets/pages/kj-init-page')),
  // /batch
  loginTaxBureau: lazy(() => import('../features/tax-auth/pages/login-tax-bureau-page')),
  // /billCollect
  collectInvoice: lazy(() => import('../features/invoice-collection/pages/collect-invoice-page')),
  // /user
  'user-dep': lazy(() => import('../features/users/pages/user-dep-page')),
  'user-user': lazy(() => import('../features/users/pages/user-user-page')),
  'user-role': lazy(() => import('../features/users/pages/user-role-page')),
  // /pt (platform)
  'org-manage': lazy(() => import('../features/orgs/pages/org-manage-page')),
  // /etaxHome (account books)
  etaxHomeIndex: lazy(() => import('../features/books/pages/book-home-page')),
  // /bookkeeps
  voucher: lazy(() => import('../features/vouchers/pages/voucher-list-page')),
  addVoucher: lazy(() => import('../features/vouchers/pages/add-voucher-page')),
  settleAccount: lazy(() => import('../features/settle/pages/settle-account-page')),
  accountBook: lazy(() => import('../features/books/pages/account-book-page')),
  recycle: lazy(() => import('../features/vouchers/pages/recycle-page')),
  // /report
  finance: lazy(() => import('../features/reports/pages/finance-page')),
  // /input
  assets: lazy(() => import('../features/assets/pages/assets-page')),
  invoice: lazy(() => import('../features/invoices/pages/invoice-page')),
  money: lazy(() => import('../features/bank/pages/money-page')),
  // /setting
  subject: lazy(() => import('../features/subjects/pages/subject-page')),
  fzhs: lazy(() => import('../features/subjects/pages/fzhs-page')),
  business: lazy(() => import('../features/business-types/pages/business-page')),
  habbitSettingBook: lazy(() => import('../features/book-settings/pages/habbit-setting-page')),
};
