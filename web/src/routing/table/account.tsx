// /portal/account (SPEC §2), with the site alert targets; roles of SPEC §6.
import { ShopOutlined } from '@ant-design/icons';
import type { Role } from '@fleet/common';
import type { AppRoute } from '../types';
import { detail } from './helpers';

const ACCOUNT = {
  quotes: () => import('../../pages/account/QuotesOrdersPage'),
  requestQuote: () => import('../../pages/account/RequestQuotePage'),
  billing: () => import('../../pages/account/BillingPage'),
  workApprovals: () => import('../../pages/account/WorkApprovalsPage'),
  jobs: () => import('../../pages/account/JobsPage'),
  addJob: () => import('../../pages/account/AddJobPage'),
  clientDetail: () => import('../../pages/account/ClientDetailPage'),
  contacts: () => import('../../pages/account/ContactListPage'),
};
// Site alert targets (SPEC §2): billing needs feature_accounts, client details feature_unit_issues,
// work approvals feature_jobs. Support staff run the provider's side of each page (pricing quotes,
// posting invoices and payments, scheduling jobs, asking for approvals) for any client.
const ACCOUNTS: Role[] = ['feature_accounts', 'user_support'];
const JOBS: Role[] = ['feature_jobs', 'user_support'];
const CLIENT_DETAIL: Role[] = ['feature_accounts', 'feature_unit_issues', 'user_support'];

export const account: AppRoute = {
  path: 'portal/account',
  redirect: 'quotes_orders',
  meta: { title: 'Account', icon: <ShopOutlined /> },
  children: [
    {
      path: 'quotes_orders',
      page: ACCOUNT.quotes,
      meta: { title: 'Quotes & Orders', roles: ACCOUNTS },
    },
    detail('request_quote', 'Request a Quote', ['feature_accounts'], ACCOUNT.requestQuote, {
      activeMenu: '/portal/account/quotes_orders',
    }),
    {
      path: 'billing',
      page: ACCOUNT.billing,
      meta: { title: 'Billing', roles: ACCOUNTS },
    },
    detail('billing/:cid', 'Billing', ACCOUNTS, ACCOUNT.billing, {
      activeMenu: '/portal/account/billing',
    }),
    {
      path: 'work_approvals',
      page: ACCOUNT.workApprovals,
      meta: { title: 'Work Approvals', roles: JOBS },
    },
    { path: 'jobs', page: ACCOUNT.jobs, meta: { title: 'Jobs', roles: JOBS } },
    detail('add_jobs', 'Add Job', ['feature_jobs'], ACCOUNT.addJob, {
      activeMenu: '/portal/account/jobs',
    }),
    {
      path: 'client_detail',
      page: ACCOUNT.clientDetail,
      meta: { title: 'Client Details', roles: CLIENT_DETAIL },
    },
    detail('client_detail/:cid', 'Client Details', CLIENT_DETAIL, ACCOUNT.clientDetail, {
      activeMenu: '/portal/account/client_detail',
    }),
    {
      path: 'contact_list',
      page: ACCOUNT.contacts,
      meta: { title: 'Contacts', roles: ['feature_accounts'] },
    },
  ],
};
