// account/client_detail and client_detail/:cid (SPEC §2; the "initial details" and "details
// update" site alerts lead here): the client's registered, billing and bank details, what is still
// missing or whether they are over a year old, and the debit order form to sign and print.
// Support staff without a client pick one from the client list.
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { clientDetailQuery } from '../../api/billing';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import ClientScope from './ClientScope';
import ClientList from './details/ClientList';
import DebitOrderSection from './details/DebitOrderSection';
import DetailsForm from './details/DetailsForm';
import './billing/billing.css';

function ClientDetails({ cid, support }: { cid?: number; support: boolean }) {
  const query = useQuery(clientDetailQuery(cid));
  const dateTime = useDateTime();
  const answer = query.data;
  const detail = answer?.client_detail;
  return (
    <PageContainer
      title={support && detail ? `Client Details: ${detail.client_name}` : undefined}
      subTitle="Registered, billing and bank details, and the debit order"
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title="The client details could not be read"
          description={query.error.message}
        />
      ) : !answer || !detail ? (
        <Skeleton active />
      ) : (
        <>
          {answer.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="billing-section"
              title={detail.updated ? 'Some details are missing' : 'Please fill in your details'}
              description={`Still needed: ${answer.missing.join(', ')}.`}
            />
          )}
          {answer.stale && (
            <Alert
              type="warning"
              showIcon
              className="billing-section"
              title="These details are over a year old"
              description={`Last saved on ${dateTime(detail.updated)}. Check them and save to confirm they are still right.`}
            />
          )}
          <DetailsForm key={`${detail.cid}`} detail={detail} cid={cid} />
          <DebitOrderSection cid={cid} />
        </>
      )}
    </PageContainer>
  );
}

export default function ClientDetailPage() {
  return (
    <ClientScope
      chooser={<ClientList />}
      chooserSubTitle="Choose a client to see or change its details"
    >
      {(cid, support) => <ClientDetails key={cid ?? 'own'} cid={cid} support={support} />}
    </ClientScope>
  );
}
