// SPEC §5 label warnings before a save: a label given to units that a rule of a type they cannot
// trigger picks by that label. The server words each warning (get_warnings); the user reads them
// and chooses to save anyway or go back.
import { useCallback } from 'react';
import { App } from 'antd';
import type { LabelWarning } from '@fleet/common';
import { labelWarnings } from '../../api/fleet';

/** Every warning for the labels and units about to be joined; one get_warnings per label. */
export async function warningsFor(
  additions: readonly { tgid: number; uids: readonly number[] }[],
): Promise<LabelWarning[]> {
  const asked = additions.filter((a) => a.uids.length > 0);
  const answers = await Promise.all(asked.map((a) => labelWarnings(a.tgid, [...a.uids])));
  return answers.flatMap((a) => a.warnings);
}

/**
 * Asks for the warnings of `additions` and, when there are any, shows them; resolves true when the
 * save may go on (no warnings, or the user chose to save anyway).
 */
export function useLabelWarningCheck(): (
  additions: readonly { tgid: number; uids: readonly number[] }[],
) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    async (additions) => {
      const warnings = await warningsFor(additions);
      if (!warnings.length) return true;
      // The same sentence may come once per rule: each is shown once.
      const messages = [...new Set(warnings.map((w) => w.message))];
      return new Promise<boolean>((resolve) => {
        modal.confirm({
          title:
            messages.length === 1
              ? 'A rule will not trigger for this label'
              : 'Some rules will not trigger for these labels',
          content: (
            <ul className="label-warning-list" aria-label="Label warnings">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ),
          okText: 'Save anyway',
          cancelText: 'Go back',
          width: 520,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
    },
    [modal],
  );
}
