// A comment on a chase-up (issue 16 item 3; bad input: at most 5,000 characters). The counter says
// how many are used; one over the limit is refused here, before anything is sent.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Typography } from 'antd';
import { COMMENT_MAX } from '@fleet/common';
import { invalidateCaseNotes, setComment } from '../../../api/recovery';
import './desk.css';

const count = (n: number) => n.toLocaleString('en-ZA').replace(/\u00a0/g, ',');

export function commentProblem(text: string): string | null {
  if (!text.trim()) return 'Write something first: the comment is empty.';
  if (text.trim().length > COMMENT_MAX)
    return `A comment is at most ${count(COMMENT_MAX)} characters: this one has ${count(text.trim().length)}.`;
  return null;
}

interface Props {
  chaseupId: number;
  uid: number;
  disabled?: boolean;
}

export default function CommentForm({ chaseupId, uid, disabled }: Props) {
  const id = useId();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => setComment({ chaseup_id: chaseupId, uid, text: text.trim() }),
    onSuccess: () => {
      setText('');
      void invalidateCaseNotes(client);
    },
  });
  const over = text.trim().length > COMMENT_MAX;
  const submit = () => {
    const found = commentProblem(text);
    setProblem(found);
    if (!found) save.mutate();
  };
  const error = problem ?? (save.isError ? `Not saved: ${save.error.message}` : null);
  return (
    <form
      className="case-form"
      aria-label="Add a comment"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="case-label">
        Comment
      </label>
      <Input.TextArea
        id={`${id}-text`}
        value={text}
        disabled={disabled}
        autoSize={{ minRows: 3, maxRows: 10 }}
        status={over || problem ? 'error' : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={over || !!problem}
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
      />
      <div className="case-form-foot">
        <span
          id={`${id}-count`}
          className={`case-count${over ? ' case-count-over' : ''}`}
          aria-live="polite"
        >
          {count(text.trim().length)} / {count(COMMENT_MAX)} characters
          {over ? ' — too long' : ''}
        </span>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={disabled}>
          Add comment
        </Button>
      </div>
      {error && (
        <Typography.Paragraph type="danger" role="alert" id={`${id}-error`}>
          {error}
        </Typography.Paragraph>
      )}
    </form>
  );
}
