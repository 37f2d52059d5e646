// account/billing and account/billing/:cid (SPEC §2; the account overdue site alert leads here):
// the balance and what is overdue, the invoices, and the statement with its running balance and a
// CSV download. Support staff without a client see every client's account; on a client's page
// they post invoices, payments and credit notes, and delete entries. A PDF statement comes with
// the reports.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { billingQuery } from '../../api/billing';
import PageContainer from '../../components/PageContainer';
import { BalanceFigures, InvoiceList } from './billing/AccountSummary';
import ClientScope from './ClientScope';
import AccountsList from './billing/AccountsList';
import EntryModal from './billing/EntryModal';
import StatementSection from './billing/StatementSection';
import './billing/billing.css';

function ClientBilling({ cid, support }: { cid?: number; support: boolean }) {
  const query = useQuery(billingQuery(cid));
  const [posting, setPosting] = useState(false);
  const billing = query.data?.billing;
  const canPost = support && cid !== undefined;
  return (
    <PageContainer
      title={support && billing ? `Billing: ${billing.client.name}` : undefined}
      subTitle={
        support
          ? "The client's balance, invoices and statement"
          : 'Your balance, invoices and statement'
      }
      extra={
        canPost && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPosting(true)}>
            Post an entry
          </Button>
        )
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title="The account could not be read"
          description={query.error.message}
        />
      ) : !billing ? (
        <Skeleton active />
      ) : (
        <>
          <BalanceFigures billing={billing} />
          <InvoiceList invoices={billing.invoices} />
          <StatementSection cid={cid} canPost={canPost} />
        </>
      )}
      {posting && billing && (
        <EntryModal
          cid={billing.client.cid}
          clientName={billing.client.name}
          onClose={() => setPosting(false)}
        />
      )}
    </PageContainer>
  );
}

export default function BillingPage() {
  return (
    <ClientScope
      chooser={<AccountsList />}
      chooserSubTitle="Every client's balance and what is overdue"
    >
      {(cid, support) => <ClientBilling key={cid ?? 'own'} cid={cid} support={support} />}
    </ClientScope>
  );
}
