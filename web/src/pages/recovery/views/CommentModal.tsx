// A comment on a unit (set_comment with its uid; at most COMMENT_MAX characters): the server's
// refusal shows in the form, nothing is lost.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Input, Modal } from 'antd';
import { COMMENT_MAX } from '@fleet/common';
import { invalidateCaseNotes, setComment } from '../../../api/recovery';
import { useNotify } from '../../../components/notify';

export default function CommentModal({
  uid,
  unitName,
  open,
  onClose,
}: {
  uid: number;
  unitName: string;
  open: boolean;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const client = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: () => setComment({ uid, text: text.trim() }),
    onSuccess: async () => {
      await invalidateCaseNotes(client);
      notify.success('Comment saved');
      setText('');
      onClose();
    },
  });
  const empty = !text.trim();
  return (
    <Modal
      open={open}
      title={`Comment on ${unitName}`}
      okText="Save comment"
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: empty || text.length > COMMENT_MAX, loading: save.isPending }}
      onCancel={() => {
        save.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <label htmlFor="unit-comment" className="recovery-search-label">
        Comment
      </label>
      <Input.TextArea
        id="unit-comment"
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        showCount
        maxLength={COMMENT_MAX}
        autoFocus
      />
      {save.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="The comment was not saved"
          description={(save.error as Error).message}
        />
      )}
    </Modal>
  );
}
