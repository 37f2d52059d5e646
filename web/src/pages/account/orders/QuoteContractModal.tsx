// A priced quote's contract (SPEC §7 `quote_contract`), laid out to print: the browser's own print
// dialog prints the contract alone (orders.css hides the rest of the page), or /api/report makes it
// a PDF.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { quoteContractQuery } from '../../../api/orders';
import ReportButton from '../../../components/ReportButton';

interface Props {
  id: number;
  onClose(): void;
}

/** Prints the contract alone: the body is marked while the print dialog is open. */
function printContract() {
  document.body.classList.add('printing-contract');
  const done = () => {
    document.body.classList.remove('printing-contract');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

export default function QuoteContractModal({ id, onClose }: Props) {
  const query = useQuery(quoteContractQuery(id));
  const contract = query.data?.quote_contract;
  return (
    <Modal
      open
      width={760}
      title={contract ? `Contract for quote ${contract.quote.reference}` : 'Contract'}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Back to the quote
        </Button>,
        <ReportButton
          key="pdf"
          parameters={{ report: 'quote_contract', format: 'pdf', id }}
          fileName={`contract-${id}.pdf`}
          disabled={!contract}
        >
          Download PDF
        </ReportButton>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!contract}
          onClick={printContract}
        >
          Print
        </Button>,
      ]}
    >
      {query.isLoading && <Spin />}
      {query.isError && <Alert type="error" showIcon title={query.error.message} />}
      {contract && (
        <article className="quote-contract" aria-label={`Contract for ${contract.client_name}`}>
          {contract.terms.split('\n\n').map((paragraph, i) =>
            i === 0 ? (
              <Typography.Title key={i} level={2}>
                {paragraph}
              </Typography.Title>
            ) : (
              <p key={i}>{paragraph}</p>
            ),
          )}
          <div className="quote-contract-signatures">
            <p>Signed for {contract.client_name}: ____________________ Date: __________</p>
            <p>Signed for the tracking provider: ____________________ Date: __________</p>
          </div>
        </article>
      )}
    </Modal>
  );
}
