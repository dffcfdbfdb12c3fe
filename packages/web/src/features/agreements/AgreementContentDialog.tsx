/** 协议内容: an agreement's text as it will be signed, seals and variables shown (spec 3 §2). */
import { DIALOG_WIDTH } from '@fieldpay/domain';
import { Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { AgreementEditor } from '../../components/agreement/AgreementEditor';
import { fetchAgreementDetail } from './enterprise-agreement-calls';

interface Props {
  /** the agreement whose stored text is shown, or the text itself (a preview of a form) */
  source: { id: number } | { content: string } | null;
  onClose(): void;
}

export function AgreementContentDialog({ source, onClose }: Props) {
  const id = source && 'id' in source ? source.id : null;
  const detail = useQuery({
    queryKey: ['enterprise-agreements', 'detail', id],
    queryFn: () => fetchAgreementDetail(id as number),
    enabled: id !== null,
  });
  const content = source && 'content' in source ? source.content : detail.data?.content;
  return (
    <Modal
      open={source !== null}
      title="协议内容"
      width={DIALOG_WIDTH.enterpriseLarge}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {content === undefined ? (
        <div className="agreement-content-loading">
          <Spin />
        </div>
      ) : (
        <AgreementEditor readOnly tools={[]} value={content} />
      )}
    </Modal>
  );
}
