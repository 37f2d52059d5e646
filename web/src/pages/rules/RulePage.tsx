// rules/add and rules/edit/{id} (SPEC §2 /portal/rules): the rule form, loaded and saved here. The
// type list holds only the types the account may create (SPEC §6). Users without
// feature_rules_edit see the rule read-only.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Result, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { RESULT, ruleTypesForAccount, type Rule } from '@fleet/common';
import { ApiError } from '../../api/errors';
import { deleteRule, RULE_KEYS, ruleQuery, setRule } from '../../api/rules';
import { useSession } from '../../auth/session';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import RuleForm from './RuleForm';
import { inputFromValues, newRuleValues, valuesFromRule, type RuleFormValues } from './ruleForm';
import { RULE_EDIT_ROLES, RULES_PATH } from './RulesPage';
import './rules.css';

export default function RulePage() {
  const params = useParams();
  return params.id === undefined ? <AddRule /> : <EditRule id={params.id} />;
}

function useAccountTypes() {
  const userType = useSession((s) => s.user?.user_type ?? '');
  return useMemo(() => ruleTypesForAccount(userType), [userType]);
}

function useSaveRule(rid: number | undefined) {
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: RuleFormValues) => setRule(inputFromValues(values, rid)),
    onMutate: () => setServerError(null),
    onSuccess: ({ rule }) => {
      notify.success(`Rule ${rule.name} saved`);
      void Promise.all(RULE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      navigate(RULES_PATH);
    },
    onError: (error) =>
      setServerError(error instanceof Error ? error.message : 'The server refused the rule'),
  });
  return { save, serverError };
}

function AddRule() {
  const navigate = useNavigate();
  const types = useAccountTypes();
  const { save, serverError } = useSaveRule(undefined);
  const initial = useMemo(() => newRuleValues(null), []);
  return (
    <PageContainer subTitle="Choose what to watch, for which units, when, and who is told">
      <RuleForm
        initial={initial}
        types={types}
        readOnly={false}
        saving={save.isPending}
        serverError={serverError}
        onSave={(values) => save.mutate(values)}
        onCancel={() => navigate(RULES_PATH)}
      />
    </PageContainer>
  );
}

function EditRule({ id }: { id: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const types = useAccountTypes();
  const canEdit = usePermission(RULE_EDIT_ROLES);
  const rid = Number(id);
  const valid = Number.isInteger(rid) && rid > 0;
  // Silent: a missing or foreign rule is said on the page, not in a toast.
  const query = useQuery({
    ...ruleQuery(rid, { silent: true }),
    enabled: valid,
    retry: false,
  });
  const { save, serverError } = useSaveRule(rid);
  const remove = useMutation({
    mutationFn: (rule: Rule) => deleteRule(rule.rid),
    onSuccess: (_, rule) => {
      notify.success(`Rule ${rule.name} deleted`);
      client.removeQueries({ queryKey: ruleQuery(rid).queryKey });
      void Promise.all(RULE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      navigate(RULES_PATH);
    },
  });

  if (
    !valid ||
    (query.error instanceof ApiError && query.error.result !== RESULT.NO_SESSION) ||
    (query.isSuccess && !query.data.rule)
  ) {
    return (
      <PageContainer title="Rule not found">
        <Result
          status="404"
          title="Rule not found"
          subTitle="It may have been deleted, or it belongs to another client."
          extra={
            <Button type="primary" onClick={() => navigate(RULES_PATH)}>
              Back to the rules
            </Button>
          }
        />
      </PageContainer>
    );
  }
  if (!query.data) {
    return (
      <PageContainer>
        <div style={{ padding: 48, textAlign: 'center' }} aria-busy="true">
          <Spin size="large" aria-label="Loading the rule" />
        </div>
      </PageContainer>
    );
  }
  const rule = query.data.rule;
  return (
    <PageContainer
      title={canEdit ? `Edit ${rule.name}` : rule.name}
      subTitle={canEdit ? rule.type_name : `${rule.type_name}, read only`}
    >
      <RuleForm
        key={`${rule.rid}-${rule.updated}`}
        initial={valuesFromRule(rule)}
        types={types}
        readOnly={!canEdit}
        saving={save.isPending}
        serverError={serverError}
        onSave={(values) => save.mutate(values)}
        onCancel={() => navigate(RULES_PATH)}
        actions={
          canEdit && (
            <Popconfirm
              title={`Delete the rule ${rule.name}?`}
              description="It stops raising alerts; the alerts it raised stay. This cannot be undone."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(rule)}
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                Delete
              </Button>
            </Popconfirm>
          )
        }
      />
    </PageContainer>
  );
}
