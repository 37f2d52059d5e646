// The pieces the person, contact, remote, mobile unit and device forms share: a labelled field
// that shows its message in place of its help, and the modal those small forms open in.
import type { ReactNode } from 'react';
import { Alert, Form, Modal, Typography } from 'antd';

interface FieldProps {
  label: ReactNode;
  /** the id of the control the label names */
  htmlFor?: string;
  required?: boolean;
  /** what is wrong, shown in red instead of the help */
  error?: string;
  help?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FormField({
  label,
  htmlFor,
  required,
  error,
  help,
  className,
  children,
}: FieldProps) {
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      required={required}
      className={className}
      validateStatus={error ? 'error' : undefined}
      help={error ?? help}
    >
      {children}
    </Form.Item>
  );
}

interface ModalProps {
  title: string;
  okText?: string;
  saving: boolean;
  width?: number;
  onOk(): void;
  onClose(): void;
  children: ReactNode;
}

/** A small form in a modal: a vertical form, Save (or okText) and Cancel. */
export function FormModal({
  title,
  okText = 'Save',
  saving,
  width,
  onOk,
  onClose,
  children,
}: ModalProps) {
  return (
    <Modal
      open
      title={title}
      okText={okText}
      onOk={onOk}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      width={width}
    >
      <Form layout="vertical" component="div">
        {children}
      </Form>
    </Modal>
  );
}

interface ProblemsProps {
  /** what was not saved: "person" */
  what: string;
  /** the server refused the last save */
  refused: boolean;
  /** the server's words that name no field */
  rest: string[];
  /** how many fields the form's own check marked */
  marked: number;
}

/** Under a form: why the server refused it, or that the marked fields stopped it being sent. */
export function FormProblems({ what, refused, rest, marked }: ProblemsProps) {
  return (
    <>
      {refused && (
        <Alert
          type="error"
          showIcon
          className="form-alert"
          title={`The ${what} was not saved`}
          description={rest.length ? rest.join('; ') : 'Correct the fields marked above.'}
        />
      )}
      {marked > 0 && (
        <Typography.Paragraph type="danger" role="alert">
          Correct the {marked === 1 ? 'field' : 'fields'} marked above; nothing was sent.
        </Typography.Paragraph>
      )}
    </>
  );
}
