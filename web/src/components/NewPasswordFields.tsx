import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';

export const MIN_PASSWORD_LENGTH = 8;

/** A new password typed twice. The server has the last word on strength. */
export default function NewPasswordFields({ label = 'New password' }: { label?: string }) {
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[
          { required: true, message: 'Enter a password' },
          { min: MIN_PASSWORD_LENGTH, message: `Use at least ${MIN_PASSWORD_LENGTH} characters` },
        ]}
        hasFeedback
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="Type it again"
        dependencies={['password']}
        hasFeedback
        rules={[
          { required: true, message: 'Type the password again' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error('The two passwords differ')),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
