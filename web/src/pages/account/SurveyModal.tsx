// The survey site alert's modal (SPEC §2: the survey alert has no route, it opens in place): the
// client's open survey, a rating of 1 to 5 stars and a comment; sending answers it once.
// Self-contained: the top bar opens it with {open, onClose}.
import { cloneElement, useState, type ReactElement } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Rate, Skeleton, Typography } from 'antd';
import { answerSurvey, SURVEY_KEYS, surveysQuery } from '../../api/billing';
import { useNotify } from '../../components/notify';

interface Props {
  open: boolean;
  onClose(): void;
}

const RATINGS = ['Very unhappy', 'Unhappy', 'Neutral', 'Happy', 'Very happy'];

/** Each star is a radio; its name says what it means ("4 stars: Happy"). */
function namedStar(star: ReactElement<{ children: ReactElement }>, { index = 0 }) {
  const name = `${index + 1} ${index === 0 ? 'star' : 'stars'}: ${RATINGS[index]}`;
  const radio = star.props.children;
  return cloneElement(star, {}, cloneElement(radio, { 'aria-label': name } as never));
}

export default function SurveyModal({ open, onClose }: Props) {
  const notify = useNotify();
  const client = useQueryClient();
  const query = useQuery({ ...surveysQuery(), enabled: open });
  const survey = query.data?.surveys.find((s) => s.status === 'open');
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const send = useMutation({
    mutationFn: () => answerSurvey(survey!.id, rating, comment.trim()),
    onSuccess: () => {
      notify.success('Thank you for your answer');
      void Promise.all(SURVEY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      setRating(0);
      setComment('');
      setTried(false);
      onClose();
    },
  });
  const submit = () => {
    setTried(true);
    if (survey && rating > 0) send.mutate();
  };

  return (
    <Modal
      open={open}
      title={survey?.title ?? 'Survey'}
      onCancel={onClose}
      destroyOnHidden
      footer={
        survey
          ? [
              <Button key="later" onClick={onClose}>
                Later
              </Button>,
              <Button key="send" type="primary" loading={send.isPending} onClick={submit}>
                Send answer
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                Close
              </Button>,
            ]
      }
    >
      {query.isPending && open ? (
        <Skeleton active />
      ) : !survey ? (
        <Typography.Paragraph>There is no survey waiting for you. Thank you!</Typography.Paragraph>
      ) : (
        <Form layout="vertical" component="div">
          <Typography.Paragraph strong id="survey-question">
            {survey.question}
          </Typography.Paragraph>
          <Form.Item
            label="Your rating"
            required
            validateStatus={tried && rating === 0 ? 'error' : undefined}
            help={tried && rating === 0 ? 'Choose 1 to 5 stars' : RATINGS[rating - 1]}
          >
            <div role="radiogroup" aria-label="Your rating" aria-describedby="survey-question">
              <Rate value={rating} onChange={setRating} characterRender={namedStar as never} />
            </div>
          </Form.Item>
          <Form.Item label="Comment" htmlFor="survey-comment" help="Optional">
            <Input.TextArea
              id="survey-comment"
              rows={3}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Form.Item>
          {send.error && (
            <Alert
              type="error"
              showIcon
              title="Your answer was not sent"
              description={send.error.message}
            />
          )}
        </Form>
      )}
    </Modal>
  );
}
