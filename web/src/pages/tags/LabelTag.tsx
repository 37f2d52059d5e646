// A label as the pages show it: its colour as a dot beside its name (the name stays dark on light,
// whatever the colour, so it reads at 4.5:1), and the label options of the pickers.
import { Tag as AntTag } from 'antd';
import type { TagProps } from 'antd';
import type { Tag, TagRef } from '@fleet/common';
import './tags.css';

export function LabelDot({ colour }: { colour: string }) {
  return <span className="label-dot" style={{ background: colour }} aria-hidden />;
}

export function LabelTag({
  label,
  ...rest
}: { label: Pick<TagRef, 'name' | 'colour'> } & Omit<TagProps, 'color'>) {
  return (
    <AntTag className="label-tag" style={{ borderColor: label.colour }} {...rest}>
      <LabelDot colour={label.colour} />
      {label.name}
    </AntTag>
  );
}

/** Options of a label Select: the dot and the name, searched by name. */
export function labelOptions(tags: readonly Tag[]) {
  return tags.map((t) => ({
    value: t.tgid,
    name: t.name,
    label: (
      <span className="label-option">
        <LabelDot colour={t.colour} />
        {t.name}
        {t.is_global && <span className="label-global"> (global)</span>}
      </span>
    ),
  }));
}

/** Select props that search label options by name. */
export const LABEL_SEARCH = {
  showSearch: { optionFilterProp: 'name' },
} as const;
