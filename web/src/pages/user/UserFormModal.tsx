// Add or edit a user (set_user, general_manage_all_users). Without a password a new user gets an
// invitation e-mail to choose one.
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import {
  DEFAULT_ROLES,
  ROLES,
  USER_TYPES,
  type Role,
  type UserRow,
  type UserTypeApiName,
} from '@fleet/common';
import { setUser, type UserEdit } from '../../api/user';
import { useSession } from '../../auth/session';
import { useNotify } from '../../components/notify';
import { emailRules } from '../../components/formRules';

/** The server's rule for usernames (server/src/tasks/users.ts). */
const USERNAME_PATTERN = /^[A-Za-z0-9@._-]+$/;

/** Types a manager may give: support staff may also create support users. Legacy and sign-up types are the system's. */
function typeOptions(support: boolean) {
  return USER_TYPES.filter(
    (t) => !['old_user', 'sign_up'].includes(t.api_name) && (support || t.api_name !== 'support'),
  ).map((t) => ({
    value: t.api_name,
    label: t.name,
  }));
}

function roleOptions(support: boolean) {
  return (Object.keys(ROLES) as Role[])
    .filter((r) => support || !['user_support', 'user_old'].includes(r))
    .map((r) => ({ value: r, label: ROLES[r] }));
}

interface Props {
  open: boolean;
  user: UserRow | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function UserFormModal({ open, user, onClose, onSaved }: Props) {
  const [form] = Form.useForm<UserEdit>();
  const support = useSession((s) => s.user?.user_type === 'support');
  const notify = useNotify();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? {
            username: user.username,
            display_name: user.display_name,
            email: user.email ?? '',
            user_type: user.user_type,
            roles: user.roles as Role[],
          }
        : { user_type: 'lite', roles: DEFAULT_ROLES.lite },
    );
  }, [open, user, form]);

  const save = useMutation({
    mutationFn: (values: UserEdit) =>
      setUser({
        ...values,
        ...(user ? { nid: user.nid } : {}),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password || undefined,
      }),
    onSuccess: (_, values) => {
      notify.success(
        user
          ? 'User saved'
          : values.password
            ? 'User added'
            : 'User added; an invitation e-mail is on its way',
      );
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={user ? `Edit ${user.display_name || user.username}` : 'Add a user'}
      okText={user ? 'Save' : 'Add user'}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        onValuesChange={(changed: Partial<UserEdit>) => {
          if (changed.user_type)
            form.setFieldValue('roles', DEFAULT_ROLES[changed.user_type as UserTypeApiName]);
        }}
      >
        <Form.Item
          name="username"
          label="Username"
          rules={[
            { required: true, whitespace: true, message: 'Enter a username' },
            { min: 3, message: 'Use at least 3 characters' },
            { pattern: USERNAME_PATTERN, message: 'Use letters, digits and @ . _ - only' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="display_name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Enter a name' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label="E-mail address"
          rules={emailRules('Enter an e-mail address')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="user_type"
          label="Account type"
          rules={[{ required: true }]}
          extra="Changing the type sets its usual features below."
        >
          <Select options={typeOptions(support)} />
        </Form.Item>
        <Form.Item
          name="roles"
          label="Features"
          rules={[{ required: true, type: 'array', min: 1, message: 'Give at least one feature' }]}
        >
          <Select
            mode="multiple"
            options={roleOptions(support)}
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          extra={
            user
              ? 'Leave empty to keep the current password.'
              : 'Leave empty to e-mail an invitation to choose one.'
          }
          rules={[{ min: 8, message: 'Use at least 8 characters' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
